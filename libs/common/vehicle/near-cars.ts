/**
 * The closest cars to a filter that matched nothing, shared by search (which plans the question and
 * turns the answer into suggestions, decisions.md section 4) and inventory (which answers it over
 * its table): one definition for both, as search-hit.ts is for the row.
 */
import type { FilterNode, ScalarValue } from './filter-expression';
import type { SearchHit } from './search-hit';

/** One condition a near car may miss. */
interface NearCondition {
  readonly filter: FilterNode;
  /** What a car must meet even when it misses `filter` (a loosened bound), or null. */
  readonly within: FilterNode | null;
  /** Added to a car's cost when it misses `filter`. */
  readonly weight: number;
}

/** The closest cars to a set of conditions: fewest misses, then lowest cost, then the search's order. */
export interface NearestQuery {
  readonly conditions: readonly NearCondition[];
  /** A car missing more conditions is left out. */
  readonly maxMisses: number;
  readonly limit: number;
  /** Vocabulary attributes whose values each car carries back (`options` reads as null: free text). */
  readonly attributes: readonly string[];
}

export interface NearCar {
  readonly hit: SearchHit;
  /** Indexes of the conditions it misses, ascending. */
  readonly misses: readonly number[];
  /** The asked attributes' values (null when the car has none). */
  readonly values: Readonly<Record<string, ScalarValue | null>>;
}
