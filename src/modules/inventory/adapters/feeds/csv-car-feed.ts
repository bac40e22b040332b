import * as fs from 'node:fs';
import { CarFeed, FeedRecord, RawCarValues } from '../../domain/car-feed';
import { ColumnMappings, ColumnPlan, kilometersUnitOf, planColumns, planHasVin } from '../../domain/feed-headers';
import { InvalidColumnMappingsError, InvalidDelimiterError, UnusableFeedError } from '../../domain/inventory.errors';
import { CSV_FIELD_MAX_BYTES, CSV_ROW_MAX_BYTES, CUT_FIELD_MARK } from './csv-field-cap';
import { csvRows, CsvSyntaxError } from './csv-rows';
import { leadingBytes } from './file-sniffing';

const DELIMITER_NAMES: Readonly<Record<string, string>> = { comma: ',', semicolon: ';', tab: '\t', pipe: '|' };

/** `Delimeter` form field: one character, or comma/semicolon/tab/pipe; default comma. */
export function parseDelimiter(raw: string | undefined): string {
  if (raw === undefined || raw === '') return ',';
  const named = DELIMITER_NAMES[raw.trim().toLowerCase()];
  if (named) return named;
  if (raw === '\\t') return '\t';
  // fast-csv counts UTF-16 units: an astral character (an emoji) is two and would throw there.
  if (raw.length === 1 && !['"', '\r', '\n'].includes(raw)) return raw;
  throw new InvalidDelimiterError(raw);
}

/**
 * A CSV inventory file read through fast-csv, a chunk of rows at a time (memory stays flat whatever
 * the file size). Handles quoted fields with embedded delimiters and newlines, CRLF, and a UTF-8
 * BOM; blank lines are skipped. The first row is the header.
 */
export class CsvCarFeed implements CarFeed {
  constructor(
    private readonly file: string,
    private readonly delimiter: string,
    private readonly mappings: ColumnMappings | null,
  ) {}

  async *records(): AsyncGenerator<FeedRecord[]> {
    const head = await leadingBytes(this.file, 64 * 1024);
    if (head.length === 0) throw new UnusableFeedError('the file is empty');
    if (head.includes(0)) throw new UnusableFeedError('not a CSV file (it holds binary data)');
    const bom = head.length >= 3 && head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf;

    const { size } = await fs.promises.stat(this.file);

    let plan: ColumnPlan | null = null;
    let kilometersUnit: ReturnType<typeof kilometersUnitOf>;
    let width = 0;
    let index = 0;
    try {
      for await (const rows of csvRows({ file: this.file, start: bom ? 3 : 0, delimiter: this.delimiter, size })) {
        const records: FeedRecord[] = [];
        for (const row of rows) {
          if (isBlank(row)) continue; // blank lines are not rows
          if (!plan) {
            plan = this.planFor(row);
            kilometersUnit = kilometersUnitOf(plan);
            width = row.length;
            continue;
          }
          const record = toRecord(row, index++, plan, width);
          if (kilometersUnit && 'values' in record) record.kilometersUnit = kilometersUnit;
          records.push(record);
        }
        if (records.length > 0) yield records;
      }
    } catch (err) {
      if (err instanceof CsvSyntaxError) throw new UnusableFeedError(`not valid CSV (near data row ${index}): ${err.message}`);
      throw err;
    }
    if (!plan) throw new UnusableFeedError('the file is empty');
  }

  private planFor(header: string[]): ColumnPlan {
    const plan = planColumns(header, this.mappings);
    if (plan.unusedMappings.length > 0) {
      throw new InvalidColumnMappingsError(plan.unusedMappings.map((h) => `maps a column "${h}" that the file's header does not have`));
    }
    if (!planHasVin(plan)) {
      throw new UnusableFeedError(`no VIN column in the header (${header.slice(0, 12).join(this.delimiter)}${header.length > 12 ? ', ...' : ''}); name it VIN or map it with columnMappings`);
    }
    return plan;
  }
}

function isBlank(row: string[]): boolean {
  for (const cell of row) if (cell.trim() !== '') return false;
  return true;
}

function toRecord(row: string[], index: number, plan: ColumnPlan, width: number): FeedRecord {
  const vinColumn = plan.columns.findIndex((c) => c?.target === 'vin');
  const cutAt = row.findIndex((cell) => cell.endsWith(CUT_FIELD_MARK));
  if (cutAt >= 0) {
    const field = plan.columns[cutAt]?.target ?? `column ${cutAt + 1}`;
    return {
      index, tooLong: true, id: cutAt === vinColumn ? '' : (row[vinColumn] ?? ''),
      malformed: `${field}: cut as the file was read (a field over ${CSV_FIELD_MAX_BYTES} bytes or a row over ${CSV_ROW_MAX_BYTES})`,
    };
  }
  if (row.length !== width && !(row.length > width && row.slice(width).every((cell) => cell.trim() === ''))) {
    return { index, malformed: `row has ${row.length} fields; the header has ${width}`, id: row[vinColumn] ?? '' };
  }
  const values: RawCarValues = {};
  for (let i = 0; i < width; i++) {
    const column = plan.columns[i];
    if (!column) continue;
    const cell = row[i];
    if (!column.append) values[column.target] = cell;
    else if (cell.trim() !== '') {
      const current = values[column.target];
      values[column.target] = typeof current === 'string' && current !== '' ? `${current}|${cell.trim()}` : cell.trim();
    }
  }
  return { index, values };
}
