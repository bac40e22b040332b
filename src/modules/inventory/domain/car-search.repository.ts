import { PageRequest } from '../../../../libs/common/pagination/page';
import { SortKey } from '../../../../libs/common/vehicle/car-attributes';
import { FilterNode, ScalarValue } from '../../../../libs/common/vehicle/filter-expression';
import type { SearchHit } from '../../../../libs/common/vehicle/search-hit';

export type { SearchHit };

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

/** Port: runs a filter over one dealership's new and used cars as one query. */
export abstract class CarSearchRepository {
  abstract search(dealerId: string, filter: FilterNode, sort: SortKey | null, page: PageRequest): Promise<{ rows: SearchHit[]; total: number }>;
  /** The cars nearest to the conditions (see NearestQuery), with what each misses. */
  abstract nearest(dealerId: string, query: NearestQuery, sort: SortKey | null): Promise<NearCar[]>;
}
