/**
 * Rule-based natural-language -> filter translator (the default, offline adapter of the
 * translation port; decisions.md section 4, search-vocabulary.md, shared/data/README.md).
 *
 * Deterministic and fast, in four steps with one file each: the query is tokenized (tokenizer.ts;
 * names run together are split, glued-names.ts), unknown words are typo-corrected against the vocabulary and the run-time names
 * (typo-correction.ts), one left-to-right pass turns phrases into atoms and links
 * (condition-parser.ts, with name-matcher.ts, number-parser.ts and background.ts, which drops the
 * shopper's own vehicle), and the atoms are grouped into the filter (filter-builder.ts). The fixed vocabulary is in lexicon.ts,
 * comparator-lexicon.ts, sort-words.ts and name-lexicon.ts.
 *
 * Names (manufacturers, models, trims) come at run time (compileSearchNames, name-index.ts): from
 * the catalog and from the dealership's own stock.
 */
import type { SortKey } from '../../../../../libs/common/vehicle/car-attributes';
import type { FilterNode } from '../../../../../libs/common/vehicle/filter-expression';
import { parseConditions } from './condition-parser';
import { buildFilter } from './filter-builder';
import { splitGluedNames } from './glued-names';
import { CompiledSearchNames, compileSearchNames, type SearchNames } from './name-index';
import { compact, tokenize } from './tokenizer';
import { FUNCTION_WORDS } from './function-words';
import { correctTypos } from './typo-correction';

export { CompiledSearchNames, compileSearchNames, type SearchNames } from './name-index';

/** What a query is read against besides the names. */
export interface TranslationContext {
  /** This year in the dealership's time zone ("newer", "not too old"). */
  readonly currentYear: number;
}

export interface Translation {
  /** Root is always an `and` operation; `and()` with no arguments matches every car. */
  readonly filter: FilterNode;
  readonly sort: SortKey | null;
  /** The query's words no condition or order used, fillers excluded, in query order (decisions.md section 4). */
  readonly unusedTerms: readonly string[];
}

/**
 * Translates a natural-language query into a filter (root: `and`) and an optional sort.
 * Pass a CompiledSearchNames (compileSearchNames) to keep per-query work small; a plain
 * SearchNames is compiled once and cached by object identity.
 */
export function translateQuery(query: string, names: SearchNames | CompiledSearchNames, context: TranslationContext = { currentYear: new Date().getFullYear() }): Translation {
  const compiled = names instanceof CompiledSearchNames ? names : compileSearchNames(names);
  const isNameStart = (a: string, b: string): boolean => {
    if (a !== 'grand') return false;
    const key = compact(a) + compact(b);
    for (const k of compiled.hits.keys()) if (k.startsWith(key)) return true;
    return false;
  };
  const tokens = splitGluedNames(tokenize(query.slice(0, 2000), isNameStart), compiled, (text) => tokenize(text, isNameStart));
  correctTypos(tokens, compiled);
  const { items, sort, unused } = parseConditions(tokens, compiled, context.currentYear);
  // a phrase not applied is named whole ("good on gas"); a lone unknown word unless it is grammar
  const unusedTerms = tokens.filter((t, i) => t.kind !== 'sym' && (unused.get(i) === 'phrase' || (unused.get(i) === 'word' && !FUNCTION_WORDS.has(t.text)))).map((t) => t.text);
  return { filter: buildFilter(items, compiled), sort, unusedTerms: [...new Set(unusedTerms)] };
}
