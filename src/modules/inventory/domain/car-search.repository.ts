import { PageRequest } from '../../../../libs/common/pagination/page';
import { SortKey } from '../../../../libs/common/vehicle/car-attributes';
import { FilterNode } from '../../../../libs/common/vehicle/filter-expression';
import type { NearCar, NearestQuery } from '../../../../libs/common/vehicle/near-cars';
import type { SearchHit } from '../../../../libs/common/vehicle/search-hit';

export type { NearCar, NearestQuery, SearchHit };

/** Port: runs a filter over one dealership's new and used cars as one query. */
export abstract class CarSearchRepository {
  abstract search(dealerId: string, filter: FilterNode, sort: SortKey | null, page: PageRequest): Promise<{ rows: SearchHit[]; total: number }>;
  /** The cars nearest to the conditions (see NearestQuery), with what each misses. */
  abstract nearest(dealerId: string, query: NearestQuery, sort: SortKey | null): Promise<NearCar[]>;
}
