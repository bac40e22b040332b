import { Logger, Provider } from '@nestjs/common';
import { AppConfig } from '../../../../config/app-config';
import { AssistantAgent } from '../../domain/assistant-agent';
import { DeferredAssistantAgent } from './deferred-assistant-agent';

/**
 * The built-in offline model by default; any OpenAI-compatible chat endpoint when LLM_BASE_URL and
 * LLM_MODEL are set. Either is loaded with the process's first run (DeferredAssistantAgent).
 */
export const assistantAgentProvider: Provider = {
  provide: AssistantAgent,
  inject: [AppConfig],
  useFactory: (config: AppConfig): AssistantAgent => {
    const { llm } = config;
    if (!llm) {
      const offline = { provider: 'built-in', name: 'dealer-api-offline' };
      return new DeferredAssistantAgent(offline, async () => {
        const [{ LangChainAssistantAgent }, { OfflineDealershipModel }] = await Promise.all([import('./langchain-assistant-agent'), import('./offline-chat-model')]);
        return new LangChainAssistantAgent(new OfflineDealershipModel({ streamDelayMs: config.assistant.streamDelayMs }), offline);
      });
    }
    new Logger('Assistant').log(`assistant model: ${llm.model} at ${new URL(llm.baseUrl).host}`);
    const remote = { provider: 'openai-compatible', name: llm.model };
    return new DeferredAssistantAgent(remote, async () => {
      const [{ LangChainAssistantAgent }, { ChatOpenAI }] = await Promise.all([import('./langchain-assistant-agent'), import('@langchain/openai')]);
      const model = new ChatOpenAI({
        model: llm.model,
        apiKey: llm.apiKey ?? 'not-needed',
        configuration: { baseURL: llm.baseUrl },
        timeout: Math.max(llm.timeoutMs, 30_000),
        maxRetries: 1,
        temperature: 0,
      });
      return new LangChainAssistantAgent(model, remote);
    });
  },
};
