import { featureMask } from '../../../../../libs/common/vehicle/car-features';
import { CAR_FIELDS, CarData, displayNameOf, RAW_TEXT_FIELDS } from '../../domain/car';

/**
 * Columns an upload writes, in the order of the values of `rowValues`. `feature_flags` is the mask
 * of the known features in `options` (featureMask), which search tests instead of the text;
 * `model_family` is the model's family the upload resolved.
 */
export const WRITE_COLUMNS = ['dealer_id', ...CAR_FIELDS, ...RAW_TEXT_FIELDS, 'model_family', 'display_name', 'feature_flags', 'is_deleted', 'date_created', 'row_index', 'upload_id'] as const;

/** Columns an upsert overwrites when the VIN is already stocked: all but the key. */
export const UPSERT_COLUMNS = WRITE_COLUMNS.filter((c) => !['dealer_id', 'condition', 'vin'].includes(c));

/** Rows an upload writes per statement: bounded memory, few round trips. */
export const WRITE_BATCH_ROWS = 100;

export interface RowMeta {
  dealerId: string;
  uploadId: number;
  /** UTC `YYYY-MM-DD HH:MM:SS.mmm`, the form both dialects store datetime(3) in. */
  dateCreated: string;
}

export function rowValues(car: CarData, rowIndex: number, meta: RowMeta): unknown[] {
  const values: unknown[] = [meta.dealerId];
  for (const field of CAR_FIELDS) values.push(car[field]);
  for (const field of RAW_TEXT_FIELDS) values.push(car[field]);
  values.push(car.model_family, displayNameOf(car), featureMask(car.options), false, meta.dateCreated, rowIndex, meta.uploadId);
  return values;
}

export function utcDatetime(date: Date): string {
  return date.toISOString().replace('T', ' ').replace('Z', '');
}

/** Distinct per upload (ms clock x 1000 + random): marks the rows an upload wrote. */
export function newUploadId(): number {
  return Date.now() * 1000 + Math.floor(Math.random() * 1000);
}

/**
 * One row as a line of LOAD DATA's default text format (columns of WRITE_COLUMNS): tab-separated,
 * `\N` for NULL, backslash escapes for backslash, tab, line breaks and NUL. Built straight from
 * the car (no intermediate array: this runs 100,000 times per large upload).
 */
export function tsvLine(car: CarData, rowIndex: number, meta: RowMeta): string {
  let line = tsvValue(meta.dealerId);
  for (const field of CAR_FIELDS) line += '\t' + tsvValue(car[field]);
  for (const field of RAW_TEXT_FIELDS) line += '\t' + tsvValue(car[field]);
  return `${line}\t${tsvValue(car.model_family)}\t${tsvValue(displayNameOf(car))}\t${featureMask(car.options)}\t0\t${meta.dateCreated}\t${rowIndex}\t${meta.uploadId}\n`;
}

function tsvValue(v: string | number | boolean | null): string {
  if (v === null || v === undefined) return '\\N';
  if (typeof v === 'boolean') return v ? '1' : '0';
  if (typeof v === 'number') return String(v);
  return TSV_SPECIAL.test(v) ? v.replace(TSV_SPECIAL_ALL, (c) => TSV_ESCAPES[c]) : v;
}

const TSV_SPECIAL = /[\\\t\n\r\0]/;
const TSV_SPECIAL_ALL = /[\\\t\n\r\0]/g;
const TSV_ESCAPES: Readonly<Record<string, string>> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r', '\0': '\\0' };
