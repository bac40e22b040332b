import { StockedModel } from './car';

/** Port: what a dealership stocks (StockedNamesUseCase reads it for search's names). */
export abstract class StockedModelsReader {
  /** Distinct manufacturer/model pairs of the dealership's new and used cars, by manufacturer then model. */
  abstract stockedModels(dealerId: string): Promise<StockedModel[]>;
  /** Distinct trims of the dealership's new and used cars. */
  abstract stockedTrims(dealerId: string): Promise<string[]>;
}
