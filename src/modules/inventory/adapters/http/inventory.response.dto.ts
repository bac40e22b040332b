import { ApiProperty } from '@nestjs/swagger';
import { toPage } from '../../../../../libs/common/pagination/page';
import { PageResponse } from '../../../../../libs/common/pagination/page.response';
import { BulkInventoryResult, DeleteAllResult, RowResult } from '../../domain/bulk-inventory-result';
import { Car } from '../../domain/car';

/** The spec types these as integers; TypeScript's `number` alone would document them as numbers. */
const Integer = (nullable = false) => ApiProperty({ type: 'integer', nullable });


/**
 * A used car (spec 2.6) plus `display_name` (decisions.md section 5). Stored booleans and numbers
 * that the spec types as strings go out as strings: certified and accident as "yes"/"no" (the
 * values of the feeds), doors and seats as digits. A value that is not known is null. type, color,
 * fuel_type, drive_train and transmission are the feed's own text (search uses canonical values).
 */
export class UsedCarResponse {
  vin!: string;
  stock_number!: string | null;
  display_name!: string;
  manufacturer!: string | null;
  model!: string | null;
  /** The model's family resolved at upload (`F-350` of `Super Duty F-350 DRW`), what search matches model words with; null when unknown. */
  model_family!: string | null;
  trim!: string | null;
  type!: string | null;
  description!: string | null;
  options!: string | null;
  /** "yes" or "no". */
  certified!: string | null;
  car_fax!: string | null;
  /** "yes" or "no". */
  accident!: string | null;
  color!: string | null;
  currency_code!: string | null;
  /** "new" or "used". */
  condition!: string;
  transmission!: string | null;
  fuel_type!: string | null;
  drive_train!: string | null;
  doors!: string | null;
  seats!: string | null;
  engine!: string | null;
  site_url!: string | null;
  image_url!: string | null;
  image_url_list!: string | null;
  video_url!: string | null;
  dealer_id!: string;
  source_id!: string | null;
  source_system!: string | null;
  stock_status!: string | null;
  @Integer(true) year!: number | null;
  @Integer(true) display_price!: number | null;
  @Integer(true) kilometers!: number | null;
  @Integer(true) horse_power!: number | null;
  @Integer(true) torque!: number | null;
  @Integer(true) fuel_economy_city!: number | null;
  @Integer(true) fuel_economy_highway!: number | null;
  @Integer(true) monthly_lease_payment!: number | null;
  @Integer(true) monthly_finance_payment!: number | null;
  price!: number | null;
  is_deleted!: boolean;
  date_created!: string;
}

export class UsedCarPageResponse extends PageResponse(UsedCarResponse) {}

/** A new car: the fields of a used car (spec 2.6), `condition` "new". */
export class NewCarResponse extends UsedCarResponse {}

export class NewCarPageResponse extends PageResponse(NewCarResponse) {}

export class RowErrorResponse {
  /** 1001 required field missing, 1002 invalid VIN, 1003 duplicate VIN in file, 1004 not a number, 1005 value out of range, 1006 malformed row, 1007 value too long. */
  @Integer() code!: number;
  reason!: string;
}

export class RowResultResponse {
  /** 0-based data row of the file (the header is not a data row). */
  @Integer() index!: number;
  /** The VIN as given, or "". */
  id!: string;
  error!: RowErrorResponse | null;
  has_error!: boolean;
}

export class BulkInventoryResultResponse {
  @Integer() num_deletes!: number;
  @Integer() num_failed_deletes!: number;
  @Integer() num_inserts!: number;
  @Integer() num_failed_inserts!: number;
  delete_errors!: RowResultResponse[];
  insert_errors!: RowResultResponse[];
}

export class DeleteAllResultResponse {
  rows!: RowResultResponse[];
  has_error!: boolean;
}

const yesNo = (value: boolean | null): string | null => (value === null ? null : value ? 'yes' : 'no');
const digits = (value: number | null): string | null => (value === null ? null : String(value));

export function toUsedCarResponse(car: Car): UsedCarResponse {
  return {
    vin: car.vin,
    stock_number: car.stock_number,
    display_name: car.display_name,
    manufacturer: car.manufacturer,
    model: car.model,
    model_family: car.model_family,
    trim: car.trim,
    type: car.type_text ?? car.type,
    description: car.description,
    options: car.options,
    certified: yesNo(car.certified),
    car_fax: car.car_fax,
    accident: yesNo(car.accident),
    color: car.color_text ?? car.color,
    currency_code: car.currency_code,
    condition: car.condition,
    transmission: car.transmission_text ?? car.transmission,
    fuel_type: car.fuel_type_text ?? car.fuel_type,
    drive_train: car.drive_train_text ?? car.drive_train,
    doors: digits(car.doors),
    seats: digits(car.seats),
    engine: car.engine,
    site_url: car.site_url,
    image_url: car.image_url,
    image_url_list: car.image_url_list,
    video_url: car.video_url,
    dealer_id: car.dealer_id,
    source_id: car.source_id,
    source_system: car.source_system,
    stock_status: car.stock_status,
    year: car.year,
    display_price: car.display_price,
    kilometers: car.kilometers,
    horse_power: car.horse_power,
    torque: car.torque,
    fuel_economy_city: car.fuel_economy_city,
    fuel_economy_highway: car.fuel_economy_highway,
    monthly_lease_payment: car.monthly_lease_payment,
    monthly_finance_payment: car.monthly_finance_payment,
    price: car.price,
    is_deleted: car.is_deleted,
    date_created: car.date_created.toISOString(),
  };
}

export function toUsedCarPageResponse(cars: Car[], total: number): UsedCarPageResponse {
  return toPage(cars, total, toUsedCarResponse);
}

function toRowResultResponse(row: RowResult): RowResultResponse {
  return { index: row.index, id: row.id, error: row.error ? { code: row.error.code, reason: row.error.reason } : null, has_error: row.has_error };
}

export function toBulkInventoryResultResponse(result: BulkInventoryResult): BulkInventoryResultResponse {
  return {
    num_deletes: result.num_deletes,
    num_failed_deletes: result.num_failed_deletes,
    num_inserts: result.num_inserts,
    num_failed_inserts: result.num_failed_inserts,
    delete_errors: result.delete_errors.map(toRowResultResponse),
    insert_errors: result.insert_errors.map(toRowResultResponse),
  };
}

export function toDeleteAllResultResponse(result: DeleteAllResult): DeleteAllResultResponse {
  return { rows: result.rows.map(toRowResultResponse), has_error: result.has_error };
}
