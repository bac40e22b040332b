import { Manufacturer } from './catalog';

export interface ManufacturerModelName {
  manufacturer: string;
  model: string;
  /** The model's body type when every model year that has one agrees on it, else null. */
  type?: string | null;
}

/**
 * Read port for other contexts (search's vocabulary): the catalog's manufacturer and model names.
 * The names change only when a catalog is imported; `revision()` is a cheap token that changes
 * whenever they may have, so a consumer can cache the lists and refresh them when it differs.
 */
export abstract class CatalogVocabulary {
  /** Ordered by name. */
  abstract listManufacturers(): Promise<Manufacturer[]>;
  /** Distinct (manufacturer name, model name) pairs over all model years, ordered by manufacturer then model. */
  abstract listManufacturerModelNames(): Promise<ManufacturerModelName[]>;
  abstract revision(): Promise<string>;
}
