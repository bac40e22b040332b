import { SortKey } from '../../../../libs/common/vehicle/car-attributes';
import { and, FilterNode } from '../../../../libs/common/vehicle/filter-expression';

/** A translated query: its filter (an `and` at the root) and its order. */
export interface Criteria {
  readonly filter: FilterNode;
  readonly sort: SortKey | null;
}

const conjunctsOf = (filter: FilterNode): readonly FilterNode[] =>
  filter.kind === 'operation' && filter.operator === 'and' ? filter.arguments : [filter];

function attributesOf(node: FilterNode, into = new Set<string>()): Set<string> {
  if (node.kind === 'comparison') into.add(node.attribute);
  else for (const arg of node.arguments) attributesOf(arg, into);
  return into;
}

/**
 * A follow-up applied to the search before it ("white RAV4s", then "what about silver?", "the
 * cheapest of those", "under 50k"): each condition of the follow-up replaces the earlier ones on
 * the same attributes, the earlier ones on other attributes stay, and its order, if it names one,
 * replaces the earlier order. Works on any filter the translator writes, not on words.
 */
export function refine(earlier: Criteria, later: Criteria): Criteria {
  const laterConditions = conjunctsOf(later.filter);
  const replaced = new Set<string>();
  for (const c of laterConditions) attributesOf(c, replaced);
  const kept = conjunctsOf(earlier.filter).filter((c) => ![...attributesOf(c)].some((a) => replaced.has(a)));
  return { filter: and(...kept, ...laterConditions), sort: later.sort ?? earlier.sort };
}
