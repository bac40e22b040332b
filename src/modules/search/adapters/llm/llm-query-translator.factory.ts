import { ChatOpenAI } from '@langchain/openai';
import { QueryTranslator } from '../../domain/query-translator';
import { LangChainQueryTranslator, LlmTranslatorEvents } from './langchain-query-translator';

export interface LlmSettings {
  baseUrl: string;
  model: string;
  apiKey: string | null;
  timeoutMs: number;
}

/** Any OpenAI-compatible chat endpoint (OpenAI, vLLM, Ollama, llama.cpp server, ...). */
export function createLlmQueryTranslator(settings: LlmSettings, fallback: QueryTranslator, events?: LlmTranslatorEvents): QueryTranslator {
  const model = new ChatOpenAI({
    model: settings.model,
    // Local servers accept any key; the client library insists on one.
    apiKey: settings.apiKey ?? 'not-needed',
    configuration: { baseURL: settings.baseUrl },
    temperature: 0,
    maxRetries: 0,
    timeout: settings.timeoutMs,
  });
  return new LangChainQueryTranslator(model, fallback, settings.timeoutMs, events);
}
