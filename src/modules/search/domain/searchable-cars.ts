import { PageRequest } from '../../../../libs/common/pagination/page';
import { SortKey } from '../../../../libs/common/vehicle/car-attributes';
import { FilterNode } from '../../../../libs/common/vehicle/filter-expression';
import type { SearchHit } from '../../../../libs/common/vehicle/search-hit';
import type { NearCar, NearestQuery } from './suggestions';

export type { SearchHit };

/** What a dealership stocks, for the names search recognises. */
export interface StockedNames {
  /**
   * Distinct manufacturer/model pairs of its new and used cars, by manufacturer then model, each with
   * its family as resolved at upload (libs/common/vehicle/model-family.ts; null: not resolved).
   */
  readonly models: readonly { readonly manufacturer: string; readonly model: string; readonly family: string | null }[];
  readonly trims: readonly string[];
  /** Of the attributes a car may lack (translator's DATA_DEPENDENT), those some stocked car has a value for. */
  readonly withData: readonly string[];
}

/** Port: the dealership's new and used cars as search sees them (implemented over the inventory context). */
export abstract class SearchableCars {
  /** One page of the cars the filter selects, in the sort's order, and their total. */
  abstract search(dealerId: string, filter: FilterNode, sort: SortKey | null, page: PageRequest): Promise<{ rows: SearchHit[]; total: number }>;
  /** The cars nearest to conditions no car meets together, with what each misses (suggestions.ts). */
  abstract nearest(dealerId: string, query: NearestQuery, sort: SortKey | null): Promise<NearCar[]>;
  abstract stockedNames(dealerId: string): Promise<StockedNames>;
  /** Calls `listener` whenever a dealership's cars were replaced or removed (cached names go stale). */
  abstract onChange(listener: (dealerId: string) => void): void;
}
