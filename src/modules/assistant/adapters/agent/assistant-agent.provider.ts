import { Logger, Provider } from '@nestjs/common';
import { ChatOpenAI } from '@langchain/openai';
import { AppConfig } from '../../../../config/app-config';
import { AssistantAgent } from '../../domain/assistant-agent';
import { LangChainAssistantAgent } from './langchain-assistant-agent';
import { OfflineDealershipModel } from './offline-chat-model';

/** The built-in offline model by default; any OpenAI-compatible chat endpoint when LLM_BASE_URL and LLM_MODEL are set. */
export const assistantAgentProvider: Provider = {
  provide: AssistantAgent,
  inject: [AppConfig],
  useFactory: (config: AppConfig): AssistantAgent => {
    if (!config.llm) {
      return new LangChainAssistantAgent(new OfflineDealershipModel({ streamDelayMs: config.assistant.streamDelayMs }), { provider: 'built-in', name: 'dealer-api-offline' });
    }
    new Logger('Assistant').log(`assistant model: ${config.llm.model} at ${new URL(config.llm.baseUrl).host}`);
    const model = new ChatOpenAI({
      model: config.llm.model,
      apiKey: config.llm.apiKey ?? 'not-needed',
      configuration: { baseURL: config.llm.baseUrl },
      timeout: Math.max(config.llm.timeoutMs, 30_000),
      maxRetries: 1,
      temperature: 0,
    });
    return new LangChainAssistantAgent(model, { provider: 'openai-compatible', name: config.llm.model });
  },
};
