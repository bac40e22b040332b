import { SEARCH_ATTRIBUTES } from '../../../../../libs/common/vehicle/car-attributes';
import { featureMask } from '../../../../../libs/common/vehicle/car-features';
import { and, comparison, FilterNode, not, or, parseWireNode } from '../../../../../libs/common/vehicle/filter-expression';
import { carValue, selectVins } from '../../../../../test/support/search/filter-evaluator';
import { loadDevQueries, loadReferenceInventory } from '../../../../../test/support/search/reference-data';
import { CarSnapshot, CarSnapshotBuilder, likeRegExp } from './car-snapshot';
import { SqlDialect } from './filter-to-sql';

type Row = Record<string, unknown>;
const car = (vin: string, fields: Row = {}): Row => ({ vin, condition: 'used', feature_flags: featureMask(fields.options as string | undefined), ...fields });

const CARS: Row[] = [
  car('VIN0000000000000A', { manufacturer: 'Toyota', model: 'Camry', trim: 'XLE', year: 2020, price: 25000, kilometers: 30000, color: 'Red', options: 'Sunroof, Heated Seats', certified: 1, accident: 0 }),
  car('VIN0000000000000B', { manufacturer: 'toyota', model: 'CR-V', trim: '', year: 2020, price: null, kilometers: 10000, color: 'Blue', options: 'Fog lights 50%', certified: 0, accident: null }),
  car('VIN0000000000000C', { manufacturer: 'Honda', model: 'Civic', trim: null, year: null, price: '18000.50', kilometers: null, color: null, options: null, certified: null, accident: 1 }),
  car('VIN0000000000000D', { manufacturer: 'Honda', model: 'C_V', trim: 'Sport', year: 2018, price: 18000.5, kilometers: 90000, color: 'red', options: 'leather' }),
  car('VIN0000000000000A', { condition: 'new', manufacturer: 'Ford', model: 'F-150', trim: 'XLT', year: 2024, price: 52000, kilometers: 0, color: 'Black' }),
];

function snapshotOf(rows: Row[], dialect: SqlDialect = 'sqlite'): CarSnapshot {
  const builder = new CarSnapshotBuilder(dialect);
  rows.forEach((r) => builder.add(r));
  return builder.build();
}

const all = { skip: 0, take: 100 };
const eq = (attribute: string, value: unknown) => comparison('eq', attribute, value as string);
function picks(snapshot: CarSnapshot, filter: FilterNode, sort: Parameters<CarSnapshot['select']>[1] = null, page = all): string[] | null {
  const selection = snapshot.select(filter, sort, page);
  return selection && selection.keys.map((k) => `${k.condition === 'new' ? 'n' : ''}${k.vin.slice(-1)}`);
}

describe('CarSnapshot', () => {
  const s = snapshotOf(CARS);

  it('compares strings case-insensitively and fails a missing value but for ne/nin', () => {
    expect(picks(s, and(eq('manufacturer', 'TOYOTA')))).toEqual(['A', 'B']);
    expect(picks(s, and(eq('color', 'red')))).toEqual(['A', 'D']);
    expect(picks(s, and(comparison('ne', 'trim', 'xle')))).toEqual(['nA', 'B', 'D', 'C']);
    expect(picks(s, and(comparison('nin', 'color', ['RED', 'blue'])))).toEqual(['nA', 'C']);
    expect(picks(s, and(comparison('in', 'trim', ['', 'sport'])))).toEqual(['D']);
    expect(picks(s, and(eq('trim', '')))).toEqual([]);
    expect(picks(s, and(comparison('contain', 'trim', '')))).toEqual(['nA', 'A', 'D']);
  });

  it('compares numbers (decimals as the drivers give them) and booleans; missing fails', () => {
    expect(picks(s, and(comparison('lt', 'price', 20000)))).toEqual(['D', 'C']);
    expect(picks(s, and(comparison('gte', 'year', 2020)))).toEqual(['nA', 'A', 'B']);
    expect(picks(s, and(comparison('ne', 'kilometers', 10000)))).toEqual(['nA', 'A', 'D', 'C']);
    expect(picks(s, and(eq('certified', true)))).toEqual(['A']);
    expect(picks(s, and(comparison('ne', 'accident', true)))).toEqual(['nA', 'A', 'B', 'D']);
    expect(picks(s, and(not(comparison('gt', 'kilometers', 20000))))).toEqual(['nA', 'B', 'C']);
  });

  it('tests a known feature by its bit; any other `contain` on options is left to SQL (the text is not held)', () => {
    expect(picks(s, and(comparison('contain', 'options', 'HEATED SEATS')))).toEqual(['A']);
    expect(picks(s, and(not(comparison('contain', 'options', 'sunroof'))))).toEqual(['nA', 'B', 'D', 'C']);
    expect(picks(s, and(comparison('contain', 'options', '50%')))).toBeNull();
    expect(picks(s, and(comparison('eq', 'options', 'leather')))).toBeNull();
  });

  it('pages newest first the same with the year_desc sort word as by default', () => {
    expect(picks(s, and(), 'year_desc')).toEqual(picks(s, and()));
  });

  it('matches LIKE patterns with %, _ and \\ escapes', () => {
    expect(picks(s, and(comparison('like', 'model', 'c_v%')))).toEqual(['D', 'C']); // C_V, Civic; not CR-V
    expect(picks(s, and(comparison('like', 'model', 'c%v')))).toEqual(['B', 'D']);
    expect(picks(s, and(comparison('like', 'model', 'C\\_V')))).toEqual(['D']);
    expect(picks(s, and(comparison('like', 'model', 'f-%')))).toEqual(['nA']);
    expect(likeRegExp('a\\%b_').test('a%bc')).toBe(true);
    expect(likeRegExp('a\\%b_').test('axbc')).toBe(false);
    expect(likeRegExp('x\\').test('x\\')).toBe(true);
  });

  it('combines with and/or/not (not negates the conjunction); empty and/or select all/none', () => {
    expect(picks(s, and(or(eq('color', 'blue'), comparison('lt', 'price', 19000)), not(eq('model', 'civic'))))).toEqual(['B', 'D']);
    expect(picks(s, and(not(and(eq('manufacturer', 'honda'), comparison('gte', 'year', 2018)))))).toEqual(['nA', 'A', 'B', 'C']);
    expect(picks(s, and())).toHaveLength(5);
    expect(picks(s, and(or()))).toEqual([]);
  });

  it('orders as the SQL: NULLs last either way, ties by VIN then condition; counts all and pages', () => {
    expect(picks(s, and())).toEqual(['nA', 'A', 'B', 'D', 'C']); // year desc, price asc (null last)
    expect(picks(s, and(), 'price_asc')).toEqual(['D', 'C', 'A', 'nA', 'B']);
    expect(picks(s, and(), 'price_desc')).toEqual(['nA', 'A', 'D', 'C', 'B']);
    expect(picks(s, and(), 'year_asc')).toEqual(['D', 'A', 'B', 'nA', 'C']);
    expect(picks(s, and(), 'kilometers_asc')).toEqual(['nA', 'B', 'A', 'D', 'C']);
    expect(picks(s, and(), 'price_asc', { skip: 1, take: 2 })).toEqual(['C', 'A']);
    expect(s.select(and(), 'price_asc', { skip: 1, take: 2 })).toEqual({ total: 5, keys: [{ condition: 'used', vin: 'VIN0000000000000C' }, { condition: 'used', vin: 'VIN0000000000000A' }] });
    expect(s.select(and(eq('color', 'red')), null, { skip: 5, take: 2 })).toEqual({ total: 2, keys: [] });
  });

  it('leaves to SQL what it cannot answer exactly', () => {
    expect(s.select(and(comparison('lt', 'trim', 'C')), null, all)).toBeNull(); // string range: collation
    expect(s.select(and(eq('year', '2020')), null, all)).toBeNull(); // a string for a number
    expect(s.select(and(eq('model', 3)), null, all)).toBeNull();
    expect(s.select(and(eq('certified', 1)), null, all)).toBeNull();
    expect(s.select(and(comparison('in', 'color', [])), null, all)).toBeNull();
    expect(s.select(and(eq('wheels', 4)), null, all)).toBeNull();
    expect(s.select(and(comparison('lt', 'price', 1e12)), null, all)).toBeNull();
    const mysql = snapshotOf([...CARS, car('VIN0000000000000E', { manufacturer: 'Citroën' })], 'mysql');
    expect(mysql.select(and(eq('manufacturer', 'citroen')), null, all)).toBeNull(); // accents: MySQL's collation
    expect(mysql.select(and(eq('model', 'civic')), null, all)?.total).toBe(1);
    expect(snapshotOf(CARS, 'mysql').select(and(eq('model', 'Civic ')), null, all)).toBeNull(); // padding
    expect(snapshotOf(CARS, 'mysql').select(and(comparison('contain', 'model', 'ivic ')), null, all)?.total).toBe(0); // LIKE does not pad
    expect(snapshotOf([...CARS, car('vin0000000000000f')], 'mysql').select(and(), null, all)).toBeNull(); // VIN case
    expect(snapshotOf([car('V1', { year: 'soon' })]).select(and(eq('year', 2020)), null, all)).toBeNull();
  });

  it('on SQLite, folds ASCII letters only, as NOCASE does', () => {
    const sqlite = snapshotOf([car('V1', { manufacturer: 'Citroën' }), car('V2', { manufacturer: 'CITROËN' })]);
    expect(sqlite.select(and(eq('manufacturer', 'citroën')), null, all)?.total).toBe(1);
  });

  it('selects what the vocabulary evaluator selects for every dev-set filter over the reference inventory', () => {
    const cars = loadReferenceInventory();
    const rows = cars.map((c): Row => ({
      ...Object.fromEntries(SEARCH_ATTRIBUTES.map((a) => [a.name, carValue(c, a.name)])),
      feature_flags: featureMask(carValue(c, 'options') as string | null),
    }));
    const snapshot = snapshotOf(rows.map((r) => ({ ...r, condition: r.condition ?? 'used', vin: String(r.vin).toUpperCase() })));
    const mismatches = loadDevQueries().flatMap(({ expected }) => {
      const parsed = parseWireNode(expected);
      if (!parsed.ok) throw new Error(parsed.problems.join('; '));
      const selection = snapshot.select(parsed.node, null, { skip: 0, take: cars.length });
      const got = selection?.keys.map((k) => k.vin).sort();
      return got?.join() === selectVins(expected, cars).join() ? [] : [JSON.stringify(expected)];
    });
    expect(mismatches).toEqual([]);
  });
});
