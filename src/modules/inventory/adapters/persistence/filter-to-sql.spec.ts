import { randomBytes } from 'node:crypto';
import { createConnection } from 'mysql2/promise';
import { DataSource } from 'typeorm';
import { FilterNode, parseWireNode, WireFilterNode } from '../../../../../libs/common/vehicle/filter-expression';
import { SEARCH_ATTRIBUTES } from '../../../../../libs/common/vehicle/car-attributes';
import { featureMask } from '../../../../../libs/common/vehicle/car-features';
import { carValue, selectVins } from '../../../../../test/support/search/filter-evaluator';
import { loadDevQueries, loadReferenceInventory } from '../../../../../test/support/search/reference-data';
import { compileFilter, SqlDialect } from './filter-to-sql';

/**
 * The SQL must select exactly what the vocabulary's evaluator selects. Runs every dev-set filter
 * plus edge cases (negation of missing values, LIKE escapes, case) over the reference inventory
 * fixture (test/fixtures; it keeps cars with every missing value and tells these filters apart)
 * in a real database: SQLite always, MySQL when TEST_MYSQL_URL is set. The table's feature_flags
 * column is set as uploads set it (featureMask of options), so known features take the bit-test path.
 */
const cars = loadReferenceInventory();
const devFilters: WireFilterNode[] = loadDevQueries().map((q) => q.expected);

const leaf = (comparator: string, attribute: string, value: unknown) => ({ comparator, attribute, value, operator: null, arguments: [] }) as unknown as WireFilterNode;
const op = (operator: string, ...args: WireFilterNode[]) => ({ comparator: null, attribute: null, value: null, operator, arguments: args }) as unknown as WireFilterNode;
const EDGE_CASES: WireFilterNode[] = [
  op('and', op('not', leaf('eq', 'trim', 'XLE'))),
  op('and', leaf('ne', 'trim', 'xle')),
  op('and', leaf('nin', 'trim', ['XLE', 'Sport'])),
  op('and', op('not', leaf('gt', 'horse_power', 200))),
  op('and', op('not', leaf('contain', 'options', 'sunroof'))),
  op('and', leaf('like', 'model', 'c_v%')),
  op('and', leaf('like', 'model', 'CR\\-V')),
  op('and', leaf('like', 'stock_number', 'U1%')),
  op('and', leaf('contain', 'options', 'APPLE carplay')),
  op('and', leaf('contain', 'options', 'Heated Seats'), leaf('contain', 'options', 'leather')),
  op('and', op('or', leaf('contain', 'options', 'sunroof'), leaf('contain', 'options', 'navigation'))),
  op('and', op('not', leaf('contain', 'options', 'leather seats')), leaf('contain', 'options', 'cruise control')),
  op('and', leaf('contain', 'options', 'heated')),
  // Outside a `not`, comparisons that a missing value fails go without presence tests; these must keep them.
  op('and', leaf('eq', 'trim', '')),
  op('and', leaf('in', 'trim', ['', 'XLE'])),
  op('and', leaf('contain', 'trim', '')),
  op('and', leaf('lt', 'trim', 'C')),
  op('or', leaf('eq', 'certified', false), leaf('lt', 'price', 9000), leaf('contain', 'trim', 'sport')),
  op('and', op('not', op('or', leaf('eq', 'color', 'red'), leaf('gte', 'price', 30000)))),
  op('and', leaf('contain', 'options', 'Fog Lights')),
  op('and', leaf('contain', 'model', '%')),
  op('and', leaf('eq', 'manufacturer', 'mercedes-benz'), leaf('eq', 'certified', true)),
  op('and', leaf('ne', 'accident', true)),
  op('and', leaf('lt', 'monthly_lease_payment', 500)),
  op('and', op('not', leaf('lt', 'monthly_lease_payment', 500))),
  op('and', op('or', leaf('eq', 'color', 'red'), leaf('in', 'fuel_type', ['electric', 'HYBRID']))),
  op('and', op('not', op('and', leaf('eq', 'condition', 'new'), leaf('gte', 'year', 2020)))),
  op('and'),
];

const backends: [SqlDialect, string | null][] = [['sqlite', null]];
if (process.env.TEST_MYSQL_URL) backends.push(['mysql', process.env.TEST_MYSQL_URL]);

describe.each(backends)(`${compileFilter.name} [%s]`, (dialect, mysqlUrl) => {
  let ds: DataSource;
  const database = `t_filter_${randomBytes(4).toString('hex')}`;

  beforeAll(async () => {
    if (mysqlUrl) {
      const conn = await createConnection({ uri: mysqlUrl });
      await conn.query(`CREATE DATABASE ${database} CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
      await conn.end();
      const url = new URL(mysqlUrl);
      url.pathname = `/${database}`;
      ds = new DataSource({ type: 'mysql', url: url.toString() });
    } else {
      ds = new DataSource({ type: 'better-sqlite3', database: ':memory:' });
    }
    await ds.initialize();
    const columns = SEARCH_ATTRIBUTES.map((a) => {
      const type = a.type === 'string' ? (a.name === 'options' ? 'text' : 'varchar(100)') : a.type === 'number' ? 'decimal(12,2)' : a.type === 'boolean' ? 'tinyint' : 'int';
      return `${ds.driver.escape(a.name)} ${type} NULL`;
    });
    await ds.query(`CREATE TABLE cars (${columns.join(', ')}, feature_flags int NOT NULL)`);
    const names = [...SEARCH_ATTRIBUTES.map((a) => a.name), 'feature_flags'];
    for (let i = 0; i < cars.length; i += 250) {
      const batch = cars.slice(i, i + 250);
      const values = batch.flatMap((car) => names.map((n) => {
        const v = n === 'feature_flags' ? featureMask(carValue(car, 'options') as string | null) : carValue(car, n);
        return typeof v === 'boolean' ? (v ? 1 : 0) : v;
      }));
      const placeholders = batch.map(() => `(${names.map(() => '?').join(', ')})`).join(', ');
      await ds.query(`INSERT INTO cars (${names.map((n) => ds.driver.escape(n)).join(', ')}) VALUES ${placeholders}`, values);
    }
  });

  afterAll(async () => {
    if (mysqlUrl) await ds.query(`DROP DATABASE ${database}`);
    await ds.destroy();
  });

  async function sqlVins(filter: FilterNode): Promise<string[]> {
    const compiled = compileFilter(filter, dialect, (a) => `car.${ds.driver.escape(a)}`);
    const rows: { vin: string }[] = await ds.createQueryBuilder().select('car.vin', 'vin').from('cars', 'car').where(compiled.sql, compiled.params).getRawMany();
    return rows.map((r) => r.vin.toUpperCase()).sort();
  }

  it('selects what the evaluator selects, for every dev-set filter and the edge cases', async () => {
    const mismatches: string[] = [];
    for (const wire of [...devFilters, ...EDGE_CASES]) {
      const parsed = parseWireNode(wire);
      if (!parsed.ok) throw new Error(parsed.problems.join('; '));
      const expected = selectVins(wire, cars);
      const actual = await sqlVins(parsed.node);
      if (expected.join() !== actual.join()) mismatches.push(`${JSON.stringify(wire)}: expected ${expected.length}, got ${actual.length}`);
    }
    expect(mismatches).toEqual([]);
  });

  it('tests the feature bit, not the options text, for a known feature (any case), and LIKE for others', () => {
    const compile = (value: string) => {
      const parsed = parseWireNode(op('and', leaf('contain', 'options', value)));
      if (!parsed.ok) throw new Error('invalid');
      return compileFilter(parsed.node, dialect, (a) => a).sql;
    };
    expect(compile('Heated Seats')).toBe('(((feature_flags & :f0) <> 0))');
    expect(compile('heated')).toContain('options LIKE');
  });

  it('keeps values out of the SQL text', () => {
    const parsed = parseWireNode(op('and', leaf('eq', 'model', "x' OR 1=1 --"), leaf('in', 'color', ['Red', 'Blue'])));
    if (!parsed.ok) throw new Error('invalid');
    const compiled = compileFilter(parsed.node, dialect, (a) => a);
    expect(compiled.sql).not.toContain('OR 1=1');
    expect(Object.values(compiled.params)).toEqual(["x' OR 1=1 --", ['Red', 'Blue']]);
  });
});
