import { conversationTurns, ThreadMessage } from './assistant-run';

let nextId = 1;
const message = (runId: string, role: ThreadMessage['role']): ThreadMessage => ({
  id: String(nextId++), dealerId: 'acme', threadId: 'thread-1', runId, role, content: `${role} of ${runId}`, metadataCode: null, dateCreated: new Date(),
});
const shape = (messages: ThreadMessage[]) => messages.map((m) => `${m.runId}:${m.role}`);

describe(conversationTurns.name, () => {
  it('keeps each question with its reply, in order', () => {
    const thread = [message('r1', 'user'), message('r1', 'assistant'), message('r2', 'user'), message('r2', 'assistant')];
    expect(conversationTurns(thread)).toEqual(thread);
  });

  it('leaves out a question whose run ended without a reply (failed, expired, cancelled), wherever it is', () => {
    const thread = [
      message('failed', 'user'), message('r1', 'user'), message('r1', 'assistant'),
      message('expired', 'user'), message('cancelled', 'user'), message('r2', 'user'), message('r2', 'assistant'), message('running', 'user'),
    ];
    expect(shape(conversationTurns(thread))).toEqual(['r1:user', 'r1:assistant', 'r2:user', 'r2:assistant']);
  });

  it('leaves out a reply whose question is not there (the window began between them), so the turns start with a question', () => {
    expect(shape(conversationTurns([message('r1', 'assistant'), message('r2', 'user'), message('r2', 'assistant')]))).toEqual(['r2:user', 'r2:assistant']);
  });

  it('never puts two customer turns, or two assistant turns, in a row', () => {
    const turns = conversationTurns([
      message('r1', 'user'), message('r2', 'user'), message('r2', 'assistant'), message('r3', 'assistant'), message('r4', 'user'), message('r5', 'user'), message('r5', 'assistant'),
    ]);
    expect(shape(turns)).toEqual(['r2:user', 'r2:assistant', 'r5:user', 'r5:assistant']);
    expect(turns.every((m, i) => m.role === (i % 2 === 0 ? 'user' : 'assistant'))).toBe(true);
  });

  it('is empty for a thread that has no answered question yet', () => {
    expect(conversationTurns([])).toEqual([]);
    expect(conversationTurns([message('r1', 'user')])).toEqual([]);
  });
});
