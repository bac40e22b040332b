import { AgentQuestion, AssistantAgent } from '../../domain/assistant-agent';

/**
 * An agent loaded with the first run it answers: LangChain and the OpenAI client are a quarter of
 * the modules a process would load (~30 MB), and an API whose runs execute in a worker process never
 * needs them. Runs that arrive while it loads wait for the same load; a failed load is tried again
 * by the next run.
 */
export class DeferredAssistantAgent extends AssistantAgent {
  private agent: Promise<AssistantAgent> | null = null;

  constructor(
    readonly model: { provider: string; name: string },
    private readonly load: () => Promise<AssistantAgent>,
  ) {
    super();
  }

  async answer(question: AgentQuestion): Promise<string> {
    this.agent ??= this.load().catch((err: unknown) => {
      this.agent = null;
      throw err;
    });
    return (await this.agent).answer(question);
  }
}
