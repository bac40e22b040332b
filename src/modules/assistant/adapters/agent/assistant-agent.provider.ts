import { Logger, Provider } from '@nestjs/common';
import { AppConfig } from '../../../../config/app-config';
import { AgentQuestion, AssistantAgent } from '../../domain/assistant-agent';

/**
 * The agent, loaded with the first run it answers: LangChain and the OpenAI client are a quarter
 * of the modules a process would load (~40 MB), and an API whose runs execute in a worker process
 * never needs them.
 */
class DeferredAssistantAgent extends AssistantAgent {
  private agent: Promise<AssistantAgent> | null = null;

  constructor(
    readonly model: { provider: string; name: string },
    private readonly load: () => Promise<AssistantAgent>,
  ) {
    super();
  }

  async answer(question: AgentQuestion): Promise<string> {
    this.agent ??= this.load().catch((err: unknown) => {
      this.agent = null; // the next run tries again
      throw err;
    });
    return (await this.agent).answer(question);
  }
}

/** The built-in offline model by default; any OpenAI-compatible chat endpoint when LLM_BASE_URL and LLM_MODEL are set. */
export const assistantAgentProvider: Provider = {
  provide: AssistantAgent,
  inject: [AppConfig],
  useFactory: (config: AppConfig): AssistantAgent => {
    const { llm } = config;
    if (!llm) {
      return new DeferredAssistantAgent({ provider: 'built-in', name: 'dealer-api-offline' }, async () => {
        const [{ LangChainAssistantAgent }, { OfflineDealershipModel }] = await Promise.all([import('./langchain-assistant-agent'), import('./offline-chat-model')]);
        return new LangChainAssistantAgent(new OfflineDealershipModel({ streamDelayMs: config.assistant.streamDelayMs }), { provider: 'built-in', name: 'dealer-api-offline' });
      });
    }
    new Logger('Assistant').log(`assistant model: ${llm.model} at ${new URL(llm.baseUrl).host}`);
    return new DeferredAssistantAgent({ provider: 'openai-compatible', name: llm.model }, async () => {
      const [{ LangChainAssistantAgent }, { ChatOpenAI }] = await Promise.all([import('./langchain-assistant-agent'), import('@langchain/openai')]);
      const model = new ChatOpenAI({
        model: llm.model,
        apiKey: llm.apiKey ?? 'not-needed',
        configuration: { baseURL: llm.baseUrl },
        timeout: Math.max(llm.timeoutMs, 30_000),
        maxRetries: 1,
        temperature: 0,
      });
      return new LangChainAssistantAgent(model, { provider: 'openai-compatible', name: llm.model });
    });
  },
};
