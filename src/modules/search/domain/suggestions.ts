import { Comparator, comparison, FilterNode, operation, ScalarValue, toWireNode, WireFilterNode } from '../../../../libs/common/vehicle/filter-expression';
import type { NearCar, NearestQuery } from '../../../../libs/common/vehicle/near-cars';
import type { SearchHit } from '../../../../libs/common/vehicle/search-hit';

export type { NearCar, NearestQuery };

/**
 * Suggestions when a search finds nothing (decisions.md section 4): the cars that meet all but the
 * fewest of the filter's conditions (the root `and`'s arguments), relaxing the least important
 * first. Importance, least first: colour, options, any other attribute (fuel, drive train,
 * transmission, seats, doors, year, mileage, accident, ...), body type, the car itself
 * (manufacturer, model, trim), price. A price or mileage bound may be missed by at most 15%.
 */
const IMPORTANCE: readonly (readonly string[])[] = [
  ['color'],
  ['options'],
  [], // every attribute not named here
  ['type'],
  ['manufacturer', 'model', 'trim', 'vin', 'stock_number'],
  ['price'],
];
const OTHER = 2;
const SUGGESTIONS = 5;
/** How far a car may miss a price or mileage bound and still be suggested. */
const BOUND_SLACK = 0.15;
const SLACKED = new Set(['price', 'kilometers']);
/** Beyond this many conditions no suggestions are made (the ranking's weights must stay exact). */
const MAX_CONDITIONS = 20;

/** A condition a suggested car misses: what was asked, and the car's value of the attribute. */
interface Relaxed {
  /** The condition's attribute (its first one when it names several). */
  readonly attribute: string;
  /** The leaf's comparator; null when the condition combines several (`wanted` is then its filter node). */
  readonly comparator: Comparator | null;
  readonly wanted: ScalarValue | readonly ScalarValue[] | WireFilterNode;
  /** Null when the car has no value (and for `options`, free text not carried back). */
  readonly actual: ScalarValue | null;
}

export type Suggestion = SearchHit & { readonly relaxed: readonly Relaxed[] };

interface PlannedCondition {
  readonly attribute: string;
  readonly importance: number;
  readonly comparator: Comparator | null;
  readonly wanted: Relaxed['wanted'];
}

export interface SuggestionPlan {
  readonly query: NearestQuery;
  /** Beside query.conditions, index for index. */
  readonly conditions: readonly PlannedCondition[];
}

/**
 * The question to ask the inventory for a filter that found nothing, or null when there is none
 * (no condition, or too many). Ranking: fewest misses, then the least important misses (a car
 * missing only the colour before one missing only the model), then the search's order. Each
 * condition's weight is (n + 1)^importance, so one more important miss outweighs any number of
 * less important ones. A car that misses every condition is not near, unless one of them is a
 * price or mileage bound (which it then meets within 15%).
 */
export function planSuggestions(filter: FilterNode): SuggestionPlan | null {
  const roots = filter.kind === 'operation' && filter.operator === 'and' ? filter.arguments : [filter];
  if (roots.length === 0 || roots.length > MAX_CONDITIONS) return null;
  const base = roots.length + 1;
  const conditions = roots.map((node) => ({ node, within: loosened(node), ...describe(node) }));
  const slacked = conditions.some((c) => c.within !== null);
  return {
    query: {
      conditions: conditions.map((c) => ({ filter: c.node, within: c.within, weight: base ** c.importance })),
      maxMisses: slacked ? roots.length : roots.length - 1,
      limit: SUGGESTIONS,
      attributes: [...new Set(conditions.map((c) => c.attribute))],
    },
    conditions: conditions.map(({ attribute, importance, comparator, wanted }) => ({ attribute, importance, comparator, wanted })),
  };
}

/** The inventory's near cars as suggestions: each row with the conditions it misses, least important first. */
export function toSuggestions(plan: SuggestionPlan, cars: readonly NearCar[]): Suggestion[] {
  return cars.map(({ hit, misses, values }) => ({
    ...hit,
    relaxed: [...misses]
      .sort((a, b) => plan.conditions[a].importance - plan.conditions[b].importance || a - b)
      .map((k) => {
        const { attribute, comparator, wanted } = plan.conditions[k];
        return { attribute, comparator, wanted, actual: values[attribute] ?? null };
      }),
  }));
}

function attributesOf(node: FilterNode): string[] {
  return node.kind === 'comparison' ? [node.attribute] : node.arguments.flatMap(attributesOf);
}

/** The condition's first attribute, its importance (its most important attribute's) and what it asks. */
function describe(node: FilterNode): PlannedCondition {
  const attributes = attributesOf(node);
  const rank = (a: string) => {
    const i = IMPORTANCE.findIndex((names) => names.includes(a));
    return i < 0 ? OTHER : i;
  };
  return {
    attribute: attributes[0] ?? '',
    importance: attributes.length ? Math.max(...attributes.map(rank)) : OTHER,
    comparator: node.kind === 'comparison' ? node.comparator : null,
    wanted: node.kind === 'comparison' ? node.value : toWireNode(node),
  };
}

/**
 * The condition with its price and mileage bounds loosened by BOUND_SLACK (`lt 30000` -> `lt 34500`),
 * or null when it has none. A `not` is left alone (loosening inside it would tighten it).
 */
function loosened(node: FilterNode): FilterNode | null {
  if (node.kind === 'comparison') {
    if (!SLACKED.has(node.attribute) || typeof node.value !== 'number') return null;
    const factor = node.comparator === 'lt' || node.comparator === 'lte' ? 1 + BOUND_SLACK
      : node.comparator === 'gt' || node.comparator === 'gte' ? 1 - BOUND_SLACK : null;
    // Whole cents: the bound stays an exact decimal (30000 * 1.15 is 34499.999... as a double).
    return factor === null ? null : comparison(node.comparator, node.attribute, Math.round(node.value * factor * 100) / 100);
  }
  if (node.operator === 'not') return null;
  const parts = node.arguments.map(loosened);
  if (parts.every((p) => p === null)) return null;
  return operation(node.operator, node.arguments.map((a, i) => parts[i] ?? a));
}
