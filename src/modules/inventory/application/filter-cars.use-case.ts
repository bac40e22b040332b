import { Injectable } from '@nestjs/common';
import { PageRequest } from '../../../../libs/common/pagination/page';
import { SortKey } from '../../../../libs/common/vehicle/car-attributes';
import { FilterNode } from '../../../../libs/common/vehicle/filter-expression';
import { StockedModel } from '../domain/car';
import { CarSearchRepository, NearCar, NearestQuery, SearchHit } from '../domain/car-search.repository';
import { StockedModelsReader } from '../domain/stocked-models.reader';

/** One page of a dealership's new and used cars that a filter selects, and their total (search reads stock through it). */
@Injectable()
export class FilterCarsUseCase {
  constructor(private readonly cars: CarSearchRepository) {}

  execute(dealerId: string, filter: FilterNode, sort: SortKey | null, page: PageRequest): Promise<{ rows: SearchHit[]; total: number }> {
    return this.cars.search(dealerId, filter, sort, page);
  }

  /** The cars nearest to conditions no car meets together, with what each misses (search's suggestions). */
  nearest(dealerId: string, query: NearestQuery, sort: SortKey | null): Promise<NearCar[]> {
    return this.cars.nearest(dealerId, query, sort);
  }
}

/** The manufacturer/model pairs and trims a dealership stocks (search learns names from them). */
@Injectable()
export class StockedNamesUseCase {
  constructor(private readonly stock: StockedModelsReader) {}

  /** `asked`: car fields whose presence in the stock the caller wants to know (`withData`: those some car has a value for). */
  async execute(dealerId: string, asked: readonly string[] = []): Promise<{ models: StockedModel[]; trims: string[]; withData: string[] }> {
    const [models, trims, withData] = await Promise.all([
      this.stock.stockedModels(dealerId),
      this.stock.stockedTrims(dealerId),
      asked.length ? this.stock.attributesWithData(dealerId, asked) : Promise.resolve([]),
    ]);
    return { models, trims, withData };
  }
}
