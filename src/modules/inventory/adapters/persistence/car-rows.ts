import { CAR_FIELDS, CarData, displayNameOf } from '../../domain/car';

/** Columns an upload writes, in the order of the values of `rowValues`. */
export const WRITE_COLUMNS = ['dealer_id', ...CAR_FIELDS, 'display_name', 'is_deleted', 'date_created', 'row_index', 'upload_id'] as const;

/** Columns an upsert overwrites when the VIN is already stocked: all but the key and the date it arrived. */
export const UPSERT_COLUMNS = WRITE_COLUMNS.filter((c) => !['dealer_id', 'condition', 'vin', 'date_created'].includes(c));

/** Rows an upload writes per statement: bounded memory, few round trips. */
export const WRITE_BATCH_ROWS = 1000;

export interface RowMeta {
  dealerId: string;
  uploadId: number;
  /** UTC `YYYY-MM-DD HH:MM:SS.mmm`, the form both dialects store datetime(3) in. */
  dateCreated: string;
}

export function rowValues(car: CarData, rowIndex: number, meta: RowMeta): unknown[] {
  const values: unknown[] = [meta.dealerId];
  for (const field of CAR_FIELDS) values.push(car[field]);
  values.push(displayNameOf(car), false, meta.dateCreated, rowIndex, meta.uploadId);
  return values;
}

export function utcDatetime(date: Date): string {
  return date.toISOString().replace('T', ' ').replace('Z', '');
}

/** Distinct per upload (ms clock x 1000 + random): marks the rows an upload wrote. */
export function newUploadId(): number {
  return Date.now() * 1000 + Math.floor(Math.random() * 1000);
}
