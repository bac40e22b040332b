import { StockedModel } from './car';

/**
 * Port other contexts use to learn what a dealership stocks (search learns model names from it).
 * Bound by the inventory module; import the module to inject it.
 */
export abstract class StockedModelsReader {
  /** Distinct manufacturer/model pairs of the dealership's new and used cars, by manufacturer then model. */
  abstract stockedModels(dealerId: string): Promise<StockedModel[]>;
  /** Distinct trims of the dealership's new and used cars. */
  abstract stockedTrims(dealerId: string): Promise<string[]>;
}
