import type { BaseChatModel } from '@langchain/core/language_models/chat_models';
import { HumanMessage, SystemMessage } from '@langchain/core/messages';
import { SEARCH_ATTRIBUTES, SortKey } from '../../../../../libs/common/vehicle/car-attributes';
import { CompiledSearchNames, Translation, TranslationContext } from '../../domain/translator/nl-translator';
import { QueryTranslator } from '../../domain/query-translator';
import { checkFilter } from '../../domain/search-vocabulary';

const SORT_KEYS: readonly SortKey[] = ['price_asc', 'price_desc', 'year_desc', 'year_asc', 'kilometers_asc'];

export type FallbackReason = 'error' | 'timeout' | 'unparsable' | 'invalid';

export interface LlmTranslatorEvents {
  onFallback?: (reason: FallbackReason, detail: string) => void;
}

/**
 * Translation by any chat model LangChain drives (an OpenAI-compatible endpoint in production,
 * a fake in tests). The answer must be a filter the vocabulary accepts; anything else (an error,
 * a timeout, prose, an invalid filter) falls back to the rule-based translation.
 */
export class LangChainQueryTranslator extends QueryTranslator {
  constructor(
    private readonly model: BaseChatModel,
    private readonly fallback: QueryTranslator,
    private readonly timeoutMs: number,
    private readonly events: LlmTranslatorEvents = {},
  ) {
    super();
  }

  async translate(query: string, names: CompiledSearchNames, context?: TranslationContext): Promise<Translation> {
    let content: string;
    try {
      content = await this.ask(query);
    } catch (err) {
      const timedOut = err instanceof Error && err.name === 'TimeoutError';
      return this.fallBack(query, names, context, timedOut ? 'timeout' : 'error', err instanceof Error ? err.message : String(err));
    }
    const json = extractJsonObject(content);
    if (!json) return this.fallBack(query, names, context, 'unparsable', content.slice(0, 200));
    const { filter, sort } = json as { filter?: unknown; sort?: unknown };
    const parsed = checkFilter(filter);
    if (!parsed.ok) return this.fallBack(query, names, context, 'invalid', parsed.problems.join('; '));
    if (sort !== undefined && sort !== null && !SORT_KEYS.includes(sort as SortKey)) {
      return this.fallBack(query, names, context, 'invalid', `sort ${JSON.stringify(sort)}`);
    }
    // The model does not say which words it skipped; naming none is better than naming wrong ones.
    return { filter: parsed.node, sort: (sort as SortKey | null | undefined) ?? null, unusedTerms: [] };
  }

  private async ask(query: string): Promise<string> {
    const controller = new AbortController();
    let timer: NodeJS.Timeout | undefined;
    // The signal stops a real HTTP call; the race also bounds models that ignore it.
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        controller.abort();
        reject(Object.assign(new Error(`no answer within ${this.timeoutMs} ms`), { name: 'TimeoutError' }));
      }, this.timeoutMs);
    });
    try {
      const answer = await Promise.race([
        this.model.invoke([new SystemMessage(SYSTEM_PROMPT), new HumanMessage(query)], { signal: controller.signal }),
        deadline,
      ]);
      return typeof answer.content === 'string' ? answer.content : JSON.stringify(answer.content);
    } finally {
      clearTimeout(timer);
    }
  }

  private fallBack(query: string, names: CompiledSearchNames, context: TranslationContext | undefined, reason: FallbackReason, detail: string): Promise<Translation> {
    this.events.onFallback?.(reason, detail);
    return this.fallback.translate(query, names, context);
  }
}

/** The first balanced `{...}` of a model's answer (models like to wrap JSON in prose or fences). */
export function extractJsonObject(text: string): unknown {
  const start = text.indexOf('{');
  if (start < 0) return null;
  let depth = 0;
  let inString = false;
  for (let i = start; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === '{') depth++;
    else if (c === '}' && --depth === 0) {
      try {
        return JSON.parse(text.slice(start, i + 1));
      } catch {
        return null;
      }
    }
  }
  return null;
}

const SYSTEM_PROMPT = [
  'You translate a car shopper\'s search into a structured filter over a dealership inventory.',
  'Answer with one JSON object only: {"filter": NODE, "sort": null | "price_asc" | "price_desc" | "year_desc" | "year_asc" | "kilometers_asc"}.',
  'NODE is {"comparator", "attribute", "value", "operator", "arguments"} (all five fields always).',
  'A leaf: {"comparator": one of eq ne gt gte lt lte contain like in nin, "attribute": ATTRIBUTE, "value": VALUE, "operator": null, "arguments": []}.',
  'An operation: {"comparator": null, "attribute": null, "value": null, "operator": "and" | "or" | "not", "arguments": [NODE, ...]}.',
  'The root is always an "and" operation; with no recognisable condition answer {"comparator": null, "attribute": null, "value": null, "operator": "and", "arguments": []}.',
  `Attributes and types: ${SEARCH_ATTRIBUTES.map((a) => `${a.name} (${a.type}${a.values?.length ? `: ${a.values.join(', ')}` : ''})`).join('; ')}.`,
  'Numbers without a unit are prices; 30k means 30000; miles are converted to kilometers (x 1.609344, rounded).',
  'Sort words (cheapest, newest, lowest mileage) set "sort" and add no filter. Ignore words you do not understand.',
].join('\n');
