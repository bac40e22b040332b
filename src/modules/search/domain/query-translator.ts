import { CompiledSearchNames, Translation, TranslationContext } from './translator/nl-translator';

/**
 * Port: natural language -> filter expression and sort. Adapters: the built-in rule-based
 * translator (default) and an LLM through LangChain that falls back to the built-in one.
 */
export abstract class QueryTranslator {
  abstract translate(query: string, names: CompiledSearchNames, context?: TranslationContext): Promise<Translation>;
}
