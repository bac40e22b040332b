import { RowError } from './car-row-rules';

/** Row result of spec 2.7. */
export interface RowResult {
  index: number;
  id: string;
  error: { code: number; reason: string } | null;
  has_error: boolean;
}

/** Bulk inventory result of spec 2.7. */
export interface BulkInventoryResult {
  num_deletes: number;
  num_failed_deletes: number;
  num_inserts: number;
  num_failed_inserts: number;
  delete_errors: RowResult[];
  insert_errors: RowResult[];
}

/** Delete-all result of spec 2.7. */
export interface DeleteAllResult {
  rows: RowResult[];
  has_error: boolean;
}

export function failedRow(error: RowError): RowResult {
  return { index: error.index, id: error.id, error: { code: error.code, reason: error.reason }, has_error: true };
}
