/**
 * A car of a dealership's inventory. New and used cars are one model (`condition`) so that search
 * reads both. Field names are those of the feeds and of the API (spec 2.6), snake_case on purpose:
 * one name per attribute from the CSV header to the database column.
 */
export type CarCondition = 'new' | 'used';

/** What a feed row carries once it passed the row rules. Unknown values are null. */
export interface CarData {
  vin: string;
  condition: CarCondition;
  stock_number: string | null;
  year: number | null;
  manufacturer: string | null;
  model: string | null;
  trim: string | null;
  type: string | null;
  certified: boolean | null;
  price: number | null;
  display_price: number | null;
  currency_code: string | null;
  kilometers: number | null;
  color: string | null;
  fuel_type: string | null;
  transmission: string | null;
  drive_train: string | null;
  engine: string | null;
  horse_power: number | null;
  torque: number | null;
  doors: number | null;
  seats: number | null;
  fuel_economy_city: number | null;
  fuel_economy_highway: number | null;
  monthly_lease_payment: number | null;
  monthly_finance_payment: number | null;
  options: string | null;
  accident: boolean | null;
  car_fax: string | null;
  description: string | null;
  site_url: string | null;
  image_url: string | null;
  image_url_list: string | null;
  video_url: string | null;
  source_id: string | null;
  source_system: string | null;
  stock_status: string | null;
  /** The feed's own text of the fields with canonical values (RAW_TEXT_FIELDS); the fields hold the canonical value when one was derived. */
  type_text: string | null;
  color_text: string | null;
  fuel_type_text: string | null;
  drive_train_text: string | null;
  transmission_text: string | null;
  /** The model's family (libs/common/vehicle/model-family.ts: `F-350` of `Super Duty F-350 DRW`), resolved at upload; `model` stays as the feed wrote it. */
  model_family: string | null;
}

/** A stored car: the feed's data plus what the server manages. */
export interface Car extends CarData {
  dealer_id: string;
  display_name: string;
  is_deleted: boolean;
  /** When the upload that wrote the car ran (all cars of one upload share it). */
  date_created: Date;
  /** Position in the upload that last wrote it: the listing's order among equal dates. */
  row_index: number;
}

/** The fields a feed may set, in the order of spec 2.6's reference header. */
export const CAR_FIELDS = [
  'vin', 'stock_number', 'year', 'manufacturer', 'model', 'trim', 'type', 'condition', 'certified', 'price',
  'display_price', 'currency_code', 'kilometers', 'color', 'fuel_type', 'transmission', 'drive_train', 'engine',
  'horse_power', 'torque', 'doors', 'seats', 'fuel_economy_city', 'fuel_economy_highway', 'monthly_lease_payment',
  'monthly_finance_payment', 'options', 'accident', 'car_fax', 'description', 'site_url', 'image_url',
  'image_url_list', 'video_url', 'source_id', 'source_system', 'stock_status',
] as const satisfies readonly (keyof CarData)[];
export type CarField = (typeof CAR_FIELDS)[number];

/**
 * Fields whose feed text is kept as written (`<field>_text`, what the inventory endpoints show) while
 * the field itself holds the canonical value of the search vocabulary derived at upload.
 */
export const RAW_TEXT_FIELDS = ['type_text', 'color_text', 'fuel_type_text', 'drive_train_text', 'transmission_text'] as const;
type RawTextField = (typeof RAW_TEXT_FIELDS)[number];

/** `"{year} {manufacturer} {model} {trim}"` with the missing parts left out (decisions.md section 5). */
export function displayNameOf(car: Pick<CarData, 'year' | 'manufacturer' | 'model' | 'trim'>): string {
  return [car.year, car.manufacturer, car.model, car.trim]
    .filter((part) => part !== null && part !== undefined && String(part).trim() !== '')
    .join(' ')
    .trim();
}

/** A manufacturer/model pair a dealership has in stock, with how many cars of it (new and used). */
export interface StockedModel {
  manufacturer: string;
  model: string;
  /** The model's family as stored at upload (null for a row stored before families were). */
  family: string | null;
  count: number;
}

/** Compile-time check that CAR_FIELDS names every field of CarData. */
const _everyFieldListed: Exclude<keyof CarData, CarField | RawTextField | 'model_family'> extends never ? true : never = true;
void _everyFieldListed;
