import { CompiledSearchNames, translateQuery, Translation, TranslationContext } from '../../domain/translator/nl-translator';
import { QueryTranslator } from '../../domain/query-translator';

/** The default: deterministic, offline, well under a millisecond per query. */
export class RuleBasedQueryTranslator extends QueryTranslator {
  async translate(query: string, names: CompiledSearchNames, context?: TranslationContext): Promise<Translation> {
    return translateQuery(query, names, context);
  }
}
