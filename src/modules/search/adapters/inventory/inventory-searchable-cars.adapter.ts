import { Injectable } from '@nestjs/common';
import { PageRequest } from '../../../../../libs/common/pagination/page';
import { SortKey } from '../../../../../libs/common/vehicle/car-attributes';
import { FilterNode } from '../../../../../libs/common/vehicle/filter-expression';
import { FilterCarsUseCase, InventoryChanges, StockedNamesUseCase } from '../../../inventory';
import { SearchableCars, SearchHit, StockedNames } from '../../domain/searchable-cars';
import { DATA_DEPENDENT } from '../../domain/translator/name-index';
import { NearCar, NearestQuery } from '../../domain/suggestions';

/** The inventory context's public use cases, in search's words. */
@Injectable()
export class InventoryContextCars extends SearchableCars {
  constructor(
    private readonly filterCars: FilterCarsUseCase,
    private readonly stocked: StockedNamesUseCase,
    private readonly changes: InventoryChanges,
  ) {
    super();
  }

  search(dealerId: string, filter: FilterNode, sort: SortKey | null, page: PageRequest): Promise<{ rows: SearchHit[]; total: number }> {
    return this.filterCars.execute(dealerId, filter, sort, page);
  }

  nearest(dealerId: string, query: NearestQuery, sort: SortKey | null): Promise<NearCar[]> {
    return this.filterCars.nearest(dealerId, query, sort);
  }

  async stockedNames(dealerId: string): Promise<StockedNames> {
    const { models, trims, withData } = await this.stocked.execute(dealerId, DATA_DEPENDENT);
    return { models: models.map((m) => ({ manufacturer: m.manufacturer, model: m.model, family: m.family })), trims, withData };
  }

  onChange(listener: (dealerId: string) => void): void {
    this.changes.subscribe(listener);
  }
}
