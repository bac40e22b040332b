/**
 * The system-wide catalog: manufacturers, their model rows (one per model and model year) with
 * trims, and the trims' car properties (service-interface 2.4 and 2.5). No dealer id: the catalog
 * is the same for every dealership.
 */

import { BODY_TYPES, FUEL_TYPES } from '../../../../libs/common/vehicle/vehicle-types';

export { BODY_TYPES, FUEL_TYPES };

/** Manufacturer ids are slugs (decisions.md section 6): `mercedes-benz`. */
export const MANUFACTURER_ID_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
/** ISO 3166-1 alpha-2, stored upper-case. */
export const REGION_CODE_PATTERN = /^[A-Za-z]{2}$/;

export interface Manufacturer {
  id: string;
  name: string;
}

export type CarPropertyValue = string | number | boolean;

export interface CarProperty {
  tag: string;
  stringKey: string;
  displayName: string;
  description: string;
  searchableText: string;
  value: CarPropertyValue;
  unit: string;
  url: string;
  imageUrls: string[];
}

export interface CatalogTrim {
  id: string;
  trim: string;
  trimLocalized: string;
  trimDisplayName: string;
  overrideModelName: boolean;
  canTestDrive: boolean;
  year: number;
  siteUrl: string;
  /** A body type, or null when unknown. */
  type: string | null;
  carProperties: CarProperty[];
}

/** A model row: one model in one model year. */
export interface CatalogModel {
  id: string;
  manufacturerId: string;
  model: string;
  modelLocalized: string;
  modelDisplayName: string;
  locale: string;
  /** Upper-case region codes where the model is offered, sorted. */
  regions: string[];
  type: string | null;
  bodyType: string | null;
  fuelType: string | null;
  seats: number | null;
  year: number;
  minPrice: number | null;
  maxPrice: number | null;
  siteUrl: string;
  imageUrl: string;
  videoUrl: string;
  canTestDrive: boolean;
  /** In the catalog file's order. */
  trims: CatalogTrim[];
}

/** One manufacturer with all its model rows: the unit an import replaces. */
export interface ManufacturerCatalog {
  manufacturer: Manufacturer;
  models: CatalogModel[];
}

export interface ImportTally {
  inserted: number;
  updated: number;
  unchanged: number;
  deleted: number;
}

export interface CatalogImportCounts {
  manufacturers: Omit<ImportTally, 'deleted'>;
  models: ImportTally;
  trims: ImportTally;
}

export function emptyImportCounts(): CatalogImportCounts {
  return {
    manufacturers: { inserted: 0, updated: 0, unchanged: 0 },
    models: { inserted: 0, updated: 0, unchanged: 0, deleted: 0 },
    trims: { inserted: 0, updated: 0, unchanged: 0, deleted: 0 },
  };
}

/**
 * Key that orders names the same way on every database: accents folded, lower case, compared by
 * code point (both dialects store it with a binary collation).
 */
export function sortKey(name: string): string {
  return name.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
}

/**
 * The `region` a Model row shows on the wire (the spec has one string; a model may be offered in
 * several regions): the requested region when the listing is filtered, else every code joined
 * with commas (`"CA,US"`).
 */
export function displayRegion(model: Pick<CatalogModel, 'regions'>, requestedRegion: string | null): string {
  return requestedRegion ? requestedRegion.toUpperCase() : model.regions.join(',');
}
