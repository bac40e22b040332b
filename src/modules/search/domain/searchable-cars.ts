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

/** What a dealership stocks, for the names search recognises. */
export interface StockedNames {
  /** Distinct manufacturer/model pairs of its new and used cars, by manufacturer then model. */
  readonly models: readonly { readonly manufacturer: string; readonly model: string }[];
  readonly trims: readonly string[];
}

/** Port: the dealership's new and used cars as search sees them (implemented over the inventory context). */
export abstract class SearchableCars {
  /** One page of the cars the filter selects, in the sort's order, and their total. */
  abstract search(dealerId: string, filter: FilterNode, sort: SortKey | null, page: PageRequest): Promise<{ rows: SearchHit[]; total: number }>;
  abstract stockedNames(dealerId: string): Promise<StockedNames>;
  /** Calls `listener` whenever a dealership's cars were replaced or removed (cached names go stale). */
  abstract onChange(listener: (dealerId: string) => void): void;
}
