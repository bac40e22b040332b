/**
 * Test helper of the translator's end-to-end specs (src/modules/search/domain/translator/nl-translator*.spec.ts):
 * the fixture inventory, its names, and expectations scored like shared/tools/eval-translate.mjs: a
 * translation is right when its filter is valid and selects exactly the same reference cars as the
 * expected filter. The cars are the fixture inventory (test/fixtures, derived by
 * scripts/make-test-fixtures.mjs so that it tells these expectations from their near misses as the
 * whole reference inventory does).
 */
import { renderFilter, toWireNode, type FilterNode } from '../../../libs/common/vehicle/filter-expression';
import { validateFilter } from '../../../src/modules/search/domain/search-vocabulary';
import { compileSearchNames, translateQuery, type CompiledSearchNames, type SearchNames } from '../../../src/modules/search/domain/translator/nl-translator';
import { expectation } from './filter-dsl';
import { sameSelection, selectVins, type Car } from './filter-evaluator';
import { loadReferenceInventory, stockSearchNames } from './reference-data';

export interface ReferenceTranslator {
  readonly cars: Car[];
  readonly names: SearchNames;
  readonly compiled: CompiledSearchNames;
  /** The filter of a query, with the fixture's names. */
  translate(query: string): FilterNode;
  /** null when the query selects the same cars as the expectation, else a readable difference. */
  mismatch(query: string, expected: FilterNode): string | null;
  /** Each row: [query, expected filter in the test DSL ("attr cmp value ; ..."; "" for no condition)]. */
  expectAll(rows: readonly (readonly [string, string])[]): void;
}

let cached: ReferenceTranslator | null = null;

export function referenceTranslator(): ReferenceTranslator {
  if (cached) return cached;
  const cars = loadReferenceInventory();
  const names = stockSearchNames(cars);
  const compiled = compileSearchNames(names);
  const translate = (query: string): FilterNode => translateQuery(query, compiled).filter;
  const mismatch = (query: string, expected: FilterNode): string | null => {
    const got = translate(query);
    const problems = validateFilter(got);
    if (problems.length > 0) return `${JSON.stringify(query)}: invalid filter ${problems.join('; ')}`;
    const same = sameSelection(selectVins(toWireNode(got), cars), selectVins(toWireNode(expected), cars));
    return same ? null : `${JSON.stringify(query)}\n  expected ${renderFilter(expected)}\n  got      ${renderFilter(got)}`;
  };
  const expectAll = (rows: readonly (readonly [string, string])[]): void => {
    const failures = rows.map(([q, e]) => mismatch(q, expectation(e))).filter((m): m is string => m !== null);
    expect(failures).toEqual([]);
  };
  cached = { cars, names, compiled, translate, mismatch, expectAll };
  return cached;
}
