/**
 * Test helper: a query set scored as shared/tools/eval-translate.mjs scores it, without a server. A
 * translation is right when its filter is valid and selects exactly the same cars as the expected
 * filter (execution match); the result reads like the scorer's last line plus its failures.
 */
import { fromWireNode, renderFilter, toWireNode, type FilterNode } from '../../../libs/common/vehicle/filter-expression';
import { validateFilter } from '../../../src/modules/search/domain/search-vocabulary';
import { sameSelection, selectVins, type Car } from './filter-evaluator';
import type { DevQuery } from './reference-data';

export interface ExecutionScore {
  readonly correct: number;
  readonly total: number;
  /** correct / total, 0 for an empty set. */
  readonly accuracy: number;
  /** One entry a wrong query: id, query, expected and returned filters. */
  readonly failures: readonly string[];
  /** `<label> execution accuracy: 0.953 (143/150)`, the scorer's last line. */
  readonly summary: string;
}

export function scoreExecution(
  label: string,
  queries: readonly DevQuery[],
  translate: (query: string) => FilterNode,
  cars: readonly Car[],
): ExecutionScore {
  const failures: string[] = [];
  for (const q of queries) {
    const got = translate(q.query);
    const problems = validateFilter(got);
    const right = problems.length === 0 && sameSelection(selectVins(toWireNode(got), cars), selectVins(q.expected, cars));
    if (!right) {
      failures.push([
        `${q.id} ${JSON.stringify(q.query)} [${q.tags.join(',')}]`,
        `  expected ${renderFilter(fromWireNode(q.expected))}`,
        `  got      ${renderFilter(got)}${problems.length > 0 ? ` (invalid: ${problems.join('; ')})` : ''}`,
      ].join('\n'));
    }
  }
  const total = queries.length;
  const correct = total - failures.length;
  const accuracy = total === 0 ? 0 : correct / total;
  return { correct, total, accuracy, failures, summary: `${label} execution accuracy: ${accuracy.toFixed(3)} (${correct}/${total})` };
}
