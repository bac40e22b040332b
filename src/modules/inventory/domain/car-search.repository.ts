import { PageRequest } from '../../../../libs/common/pagination/page';
import { SortKey } from '../../../../libs/common/vehicle/car-attributes';
import { FilterNode } from '../../../../libs/common/vehicle/filter-expression';

/** A search hit (spec 2.2); a value the car does not have is null (decisions.md section 1). */
export interface SearchHit {
  vin: string;
  stock_number: string | null;
  display_name: string;
  manufacturer: string | null;
  model: string | null;
  trim: string | null;
  year: number | null;
  type: string | null;
  condition: string;
  /** decisions.md section 4: enough for a result list without a second call. */
  price: number | null;
  kilometers: number | null;
  /** The canonical colour, or null when the stored colour is none of them. */
  color: string | null;
  /** The first photo. */
  image_url: string | null;
}

/** Port: runs a filter over one dealership's new and used cars as one query. */
export abstract class CarSearchRepository {
  abstract search(dealerId: string, filter: FilterNode, sort: SortKey | null, page: PageRequest): Promise<{ rows: SearchHit[]; total: number }>;
}
