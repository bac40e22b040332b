/** The paged envelope of spec section 2.1. */
export interface Page<T> {
  total_row_count: number;
  row_count: number;
  rows: T[];
}

export interface PageRequest {
  skip: number;
  take: number;
}

export const DEFAULT_TAKE = 20;
export const MAX_SKIP = 2147483647;

export function toPage<T, R>(rows: T[], total: number, map: (row: T) => R): Page<R> {
  const mapped = rows.map(map);
  return { total_row_count: total, row_count: mapped.length, rows: mapped };
}
