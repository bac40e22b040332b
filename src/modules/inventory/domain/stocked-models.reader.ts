import { StockedModel } from './car';

/** Port: what a dealership stocks (StockedNamesUseCase reads it for search's names). */
export abstract class StockedModelsReader {
  /** Distinct manufacturer/model pairs of the dealership's new and used cars, by manufacturer then model. */
  abstract stockedModels(dealerId: string): Promise<StockedModel[]>;
  /** Distinct trims of the dealership's new and used cars. */
  abstract stockedTrims(dealerId: string): Promise<string[]>;
  /** Of `attributes` (car fields), those at least one of the dealership's live cars has a value for. */
  abstract attributesWithData(dealerId: string, attributes: readonly string[]): Promise<string[]>;
}
