import { featureMask } from '../../../../../libs/common/vehicle/car-features';
import { CAR_FIELDS, CarData, RAW_TEXT_FIELDS } from '../../domain/car';
import { rowValues, tsvLine, WRITE_COLUMNS } from './car-rows';

const car = (extra: Partial<CarData> = {}): CarData => ({
  ...(Object.fromEntries([...CAR_FIELDS, ...RAW_TEXT_FIELDS].map((f) => [f, null])) as unknown as CarData),
  vin: '1HGCM82633A004352', condition: 'used', year: 2019, manufacturer: 'Honda', model: 'Accord', ...extra,
});
const meta = { dealerId: 'acme', uploadId: 42, dateCreated: '2026-01-02 03:04:05.678' };

describe('car rows', () => {
  it('writes every column once, in WRITE_COLUMNS order, in both forms', () => {
    const values = rowValues(car({ certified: true, price: 99.5, color: 'White', color_text: 'Oxford White', options: 'Sunroof, Heated Seats' }), 7, meta);
    expect(values).toHaveLength(WRITE_COLUMNS.length);
    expect([values[WRITE_COLUMNS.indexOf('color')], values[WRITE_COLUMNS.indexOf('color_text')]]).toEqual(['White', 'Oxford White']);
    const line = tsvLine(car({ certified: true, price: 99.5, options: 'Sunroof, Heated Seats' }), 7, meta);
    expect(line.endsWith('\n')).toBe(true);
    const cells = line.slice(0, -1).split('\t');
    expect(cells).toHaveLength(WRITE_COLUMNS.length);
    const at = (c: (typeof WRITE_COLUMNS)[number]) => cells[WRITE_COLUMNS.indexOf(c)];
    expect([at('dealer_id'), at('vin'), at('certified'), at('price'), at('trim'), at('display_name'), at('is_deleted'), at('date_created'), at('row_index'), at('upload_id')])
      .toEqual(['acme', '1HGCM82633A004352', '1', '99.5', '\\N', '2019 Honda Accord', '0', '2026-01-02 03:04:05.678', '7', '42']);
    const mask = featureMask('Sunroof, Heated Seats');
    expect(mask).not.toBe(0);
    expect([at('feature_flags'), values[WRITE_COLUMNS.indexOf('feature_flags')]]).toEqual([String(mask), mask]);
  });

  it('escapes what LOAD DATA would read as structure: backslash, tab, line breaks, NUL, and a literal \\N', () => {
    const line = tsvLine(car({ description: 'a\tb\nc\r\nd\\e\0f \\N' }), 0, meta);
    const cell = line.slice(0, -1).split('\t')[WRITE_COLUMNS.indexOf('description')];
    expect(cell).toBe('a\\tb\\nc\\r\\nd\\\\e\\0f \\\\N');
  });
});
