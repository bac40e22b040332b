import { CompiledSearchNames, translateQuery, Translation } from '../../domain/search/nl-translator';
import { QueryTranslator } from '../../domain/search/query-translator';

/** The default: deterministic, offline, well under a millisecond per query. */
export class RuleBasedQueryTranslator extends QueryTranslator {
  async translate(query: string, names: CompiledSearchNames): Promise<Translation> {
    return translateQuery(query, names);
  }
}
