import { AgentQuestion, AssistantAgent } from '../../domain/assistant-agent';
import { DeferredAssistantAgent } from './deferred-assistant-agent';

class EchoAgent extends AssistantAgent {
  readonly model = { provider: 'test', name: 'echo' };
  async answer(question: AgentQuestion): Promise<string> {
    return `echo: ${question.question}`;
  }
}

const ask = (question: string) => ({ question }) as AgentQuestion;

describe('DeferredAssistantAgent', () => {
  it('loads once, on the first answer, for runs that arrive while it loads too', async () => {
    let loads = 0;
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const agent = new DeferredAssistantAgent({ provider: 'test', name: 'echo' }, async () => {
      loads++;
      await gate;
      return new EchoAgent();
    });
    expect(loads).toBe(0);
    const answers = Promise.all([agent.answer(ask('a')), agent.answer(ask('b'))]);
    release();
    await expect(answers).resolves.toEqual(['echo: a', 'echo: b']);
    await expect(agent.answer(ask('c'))).resolves.toBe('echo: c');
    expect(loads).toBe(1);
  });

  it('fails the runs of a failed load, and the next run loads again', async () => {
    let loads = 0;
    const agent = new DeferredAssistantAgent({ provider: 'test', name: 'echo' }, async () => {
      if (++loads === 1) throw new Error('module not found');
      return new EchoAgent();
    });
    await expect(agent.answer(ask('a'))).rejects.toThrow('module not found');
    await expect(agent.answer(ask('b'))).resolves.toBe('echo: b');
    expect(loads).toBe(2);
  });

  it('tells its model before it loads', () => {
    const agent = new DeferredAssistantAgent({ provider: 'built-in', name: 'dealer-api-offline' }, () => Promise.reject(new Error('not loaded')));
    expect(agent.model).toEqual({ provider: 'built-in', name: 'dealer-api-offline' });
  });
});
