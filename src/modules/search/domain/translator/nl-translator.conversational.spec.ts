import { compileSearchNames, translateQuery, type CompiledSearchNames } from './nl-translator';
import { SEARCH_VOCABULARY } from '../../../../../libs/common/vehicle/car-attributes';
import { selectVins, type Car } from '../../../../../test/support/search/filter-evaluator';
import { scoreExecution, type ExecutionScore } from '../../../../../test/support/search/execution-score';
import { loadConversationalQueries, loadReferenceInventory, stockAndCatalogSearchNames, type DevQuery } from '../../../../../test/support/search/reference-data';

/**
 * The project's conversational query set (test/fixtures/nl-queries.conversational.jsonl): sentences
 * as shoppers type them, each with an expected filter written by hand (issue 14). Scored like
 * shared/tools/eval-translate.mjs, by execution match over the fixture inventory (which
 * scripts/make-test-fixtures.mjs builds to tell these expectations from their near misses as the
 * whole reference inventory does), with the names the API would know (the stock's, then the seed
 * catalog's). `npm run eval:translate` scores the same set over the whole reference inventory
 * through the API.
 */

/** The shared data README's tags, and the ones this set adds. */
const TAGS = new Set([
  ...SEARCH_VOCABULARY.keys(),
  'compound', 'negation', 'list', 'or', 'range', 'around', 'no-filter', 'sort-word', 'typo', 'slang', 'model-variant',
  'number-words', 'k-suffix', 'miles', 'filler', 'word-order', 'lowercase', 'trim',
  'negation-scope', 'background', 'shared-list', 'glued', 'split', 'unit-range', 'plural',
]);

/** The kinds of sentence issue 14 names, each covered by at least 10 queries (a query may show several). */
const KINDS: Readonly<Record<string, readonly string[]>> = {
  'negation across words and clauses': ['negation-scope'],
  'background vehicles that are not wishes': ['background'],
  'lists that share their conditions': ['shared-list'],
  'tokens glued or split': ['glued', 'split'],
  'ranges with units': ['unit-range'],
  plurals: ['plural'],
};

let cars: Car[];
let queries: DevQuery[];
let compiled: CompiledSearchNames;
let score: ExecutionScore;

beforeAll(() => {
  cars = loadReferenceInventory();
  queries = loadConversationalQueries();
  compiled = compileSearchNames(stockAndCatalogSearchNames(cars));
  score = scoreExecution('conversational', queries, (q) => translateQuery(q, compiled).filter, cars);
});

describe('conversational query set (test/fixtures/nl-queries.conversational.jsonl)', () => {
  it('has at least 70 queries with unique ids and queries, known tags, and at least 10 of each kind', () => {
    expect(queries.length).toBeGreaterThanOrEqual(70);
    expect(new Set(queries.map((q) => q.id)).size).toBe(queries.length);
    expect(new Set(queries.map((q) => q.query.trim().toLowerCase())).size).toBe(queries.length);
    expect(queries.flatMap((q) => q.tags.filter((t) => !TAGS.has(t)).map((t) => `${q.id}: ${t}`))).toEqual([]);
    const thin = Object.entries(KINDS)
      .map(([kind, tags]) => [kind, queries.filter((q) => q.tags.some((t) => tags.includes(t))).length] as const)
      .filter(([, n]) => n < 10);
    expect(thin).toEqual([]);
  });

  it('is told apart by the fixture inventory: every expected filter selects some cars, not all', () => {
    const unfit = queries
      .map((q) => ({ q, selected: selectVins(q.expected, cars).length }))
      .filter(({ selected }) => selected === 0 || selected === cars.length)
      .map(({ q, selected }) => `${q.id} selects ${selected} of ${cars.length}`);
    expect(unfit).toEqual([]);
  });

  it('is scored by execution match (prints the accuracy and the failures)', () => {
    const report = [score.summary, ...(score.failures.length > 0 ? [`failures (${score.failures.length}):`, ...score.failures] : [])];
    console.log(report.join('\n'));
    expect(score.total).toBe(queries.length);
  });
});

// The target of issue 14 ("your conversational dev queries >= 0.95"), kept apart so that its state
// is plain to see: it fails until the translator handles these sentences.
describe('conversational query set: target', () => {
  it('reaches at least 0.95 execution accuracy', () => {
    expect(score.accuracy).toBeGreaterThanOrEqual(0.95);
  });
});
