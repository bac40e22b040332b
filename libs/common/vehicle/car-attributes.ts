/**
 * The attributes of a car that a filter may name (shared/spec/search-vocabulary.md): their types
 * and canonical values, and the sort orders of a search. Shared by search, which writes filters,
 * and inventory, which runs them over its table.
 */
/** The catalog's canonical body and fuel types are the vocabulary's (one list, search-vocabulary.md). */
import { BODY_TYPES, COLORS, DRIVE_TRAINS, FUEL_TYPES, TRANSMISSIONS } from './vehicle-types';

export type AttributeType = 'string' | 'number' | 'integer' | 'boolean';

export interface SearchAttribute {
  readonly name: string;
  readonly type: AttributeType;
  /** Canonical values, when the attribute has a closed set (matching is case-insensitive). */
  readonly values?: readonly string[];
  readonly description: string;
}

const CONDITIONS = ['new', 'used'] as const;

export const SEARCH_ATTRIBUTES: readonly SearchAttribute[] = [
  { name: 'condition', type: 'string', values: CONDITIONS, description: 'new or used' },
  { name: 'certified', type: 'boolean', description: 'true for certified pre-owned (implies used)' },
  { name: 'manufacturer', type: 'string', description: 'catalog manufacturer name, e.g. Toyota, Mercedes-Benz' },
  { name: 'model', type: 'string', description: 'catalog model name, e.g. Camry, CR-V, F-150' },
  { name: 'trim', type: 'string', description: 'trim, e.g. XLE, EX-L, Limited' },
  { name: 'year', type: 'integer', description: 'model year' },
  { name: 'type', type: 'string', values: BODY_TYPES, description: 'body type' },
  { name: 'price', type: 'number', description: 'price in the dealership currency' },
  { name: 'kilometers', type: 'integer', description: 'odometer in km' },
  { name: 'color', type: 'string', values: COLORS, description: 'exterior color' },
  { name: 'fuel_type', type: 'string', values: FUEL_TYPES, description: 'fuel type' },
  { name: 'transmission', type: 'string', values: TRANSMISSIONS, description: 'transmission' },
  { name: 'drive_train', type: 'string', values: DRIVE_TRAINS, description: 'drive train' },
  { name: 'seats', type: 'integer', description: 'number of seats' },
  { name: 'doors', type: 'integer', description: 'number of doors' },
  { name: 'horse_power', type: 'integer', description: 'engine power in hp' },
  { name: 'fuel_economy_city', type: 'integer', description: 'fuel economy in the city, mpg' },
  { name: 'fuel_economy_highway', type: 'integer', description: 'fuel economy on the highway, mpg' },
  { name: 'monthly_lease_payment', type: 'integer', description: 'monthly lease payment' },
  { name: 'monthly_finance_payment', type: 'integer', description: 'monthly finance payment' },
  { name: 'options', type: 'string', description: 'free-text feature list (sunroof, leather seats, ...): use contain' },
  { name: 'accident', type: 'boolean', description: 'true when an accident is reported' },
  { name: 'stock_number', type: 'string', description: 'dealer stock number' },
  { name: 'vin', type: 'string', description: '17-character VIN' },
];

export type SearchVocabulary = ReadonlyMap<string, SearchAttribute>;

export function createSearchVocabulary(attributes: readonly SearchAttribute[]): SearchVocabulary {
  return new Map(attributes.map((a) => [a.name, a]));
}

export const SEARCH_VOCABULARY: SearchVocabulary = createSearchVocabulary(SEARCH_ATTRIBUTES);

/** The orders a search may ask for (sort words); none means newest year, then lowest price. */
export type SortKey = 'price_asc' | 'price_desc' | 'year_desc' | 'year_asc' | 'kilometers_asc';
