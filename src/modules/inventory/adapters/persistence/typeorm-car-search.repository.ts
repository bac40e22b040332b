import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { PageRequest } from '../../../../../libs/common/pagination/page';
import { featureBit } from '../../../../../libs/common/vehicle/car-features';
import { asCanonicalColor } from '../../../../../libs/common/vehicle/canonical-values';
import { CarSearchRepository, NearCar, NearestQuery, SearchHit } from '../../domain/car-search.repository';
import { FilterNode, ScalarValue } from '../../../../../libs/common/vehicle/filter-expression';
import { SEARCH_VOCABULARY, SortKey } from '../../../../../libs/common/vehicle/car-attributes';
import { SEARCH_ORDER, SnapshotKey } from './car-snapshot';
import { compileFilter, FEATURE_FLAGS, SqlDialect } from './filter-to-sql';

const HIT_COLUMNS = ['vin', 'stock_number', 'display_name', 'manufacturer', 'model', 'trim', 'year', 'type', 'condition', 'price', 'kilometers', 'color', 'image_url'] as const;

/** Columns of idx_inventory_cars_search on each dialect (InnoDB appends the primary key to it). */
const INDEXED = ['dealer_id', 'is_deleted', 'type', 'manufacturer', 'model', 'year', 'price', 'kilometers', 'color', 'fuel_type', 'drive_train',
  'transmission', 'seats', 'certified', 'accident', FEATURE_FLAGS, 'condition', 'vin'];
const COVERED: Record<SqlDialect, ReadonlySet<string>> = { mysql: new Set(INDEXED), sqlite: new Set([...INDEXED, 'doors']) };
/**
 * SQLite's covering indexes in the order of a sort (migration 1763885000000): the page is then the
 * first matches read in index order (SQLite sorts only the ties), not a sort of every match.
 * MySQL sorts the matches (MariaDB has no index on `price IS NULL`, nor partial index order).
 */
const SQLITE_ORDERED: Partial<Record<SortKey | 'default', string>> = {
  default: 'idx_inventory_cars_search_newest',
  year_desc: 'idx_inventory_cars_search_newest',
  price_asc: 'idx_inventory_cars_search_cheapest',
  price_desc: 'idx_inventory_cars_search_priciest',
  kilometers_asc: 'idx_inventory_cars_search_mileage',
};

/** Makes each dialect read the covering index alone (its planner may prefer a narrower one and read rows). */
const SEARCH_INDEX = 'idx_inventory_cars_search';
const useIndex = (dialect: SqlDialect, index: string) => (dialect === 'mysql' ? `FORCE INDEX (${index})` : `INDEXED BY ${index}`);

/** The columns the compiled filter reads: a known feature's `contain` reads the feature mask, not `options`. */
function columnsOf(node: FilterNode, into = new Set<string>()): Set<string> {
  if (node.kind === 'operation') node.arguments.forEach((n) => columnsOf(n, into));
  else if (node.attribute === 'options' && node.comparator === 'contain' && featureBit(String(node.value)) !== null) into.add(FEATURE_FLAGS);
  else into.add(node.attribute);
  return into;
}

/** Whether the filter requires a manufacturer by name: its matches are then few, and found by the search index's third column. */
function pinsManufacturer(node: FilterNode): boolean {
  return node.kind === 'operation' && node.operator === 'and'
    && node.arguments.some((n) => n.kind === 'comparison' && n.attribute === 'manufacturer' && (n.comparator === 'eq' || n.comparator === 'in'));
}

/**
 * The filter becomes one parameterised condition over `inventory_cars`, always scoped to the
 * caller's dealership (the leading column of every index there) and to cars not deleted. Two
 * queries then read only covering indexes when the filter's columns are in them: the count of
 * matches, and the page's keys in order (a window count would carry every match through the sort).
 * On MySQL the two run at once, on two connections; on SQLite (one connection) the page reads the
 * index in the sort's order when there is one. The page's display fields are then read by primary
 * key. The reads are not one snapshot: a search racing an upload's commit may count the old
 * inventory and page the new one.
 */
@Injectable()
export class TypeOrmCarSearchRepository extends CarSearchRepository {
  private readonly dialect: SqlDialect;

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {
    super();
    this.dialect = dataSource.options.type === 'mysql' ? 'mysql' : 'sqlite';
  }

  async search(dealerId: string, filter: FilterNode, sort: SortKey | null, page: PageRequest): Promise<{ rows: SearchHit[]; total: number }> {
    const q = (name: string) => this.dataSource.driver.escape(name);
    const col = (name: string) => `car.${q(name)}`;
    const compiled = compileFilter(filter, this.dialect, col);
    const covered = [...columnsOf(filter)].every((c) => COVERED[this.dialect].has(c));
    const from = (index: string | null) => `${q('inventory_cars')} car${covered && index ? ` ${useIndex(this.dialect, index)}` : ''}`;
    const where = `${col('dealer_id')} = :dealerId AND ${col('is_deleted')} = 0 AND ${compiled.sql}`;
    const params = { ...compiled.params, dealerId };
    const sortKey = sort ?? 'default';
    const orderBy = orderTerms(sortKey, col);
    const pageIndex = this.dialect === 'sqlite' && !pinsManufacturer(filter) ? (SQLITE_ORDERED[sortKey] ?? SEARCH_INDEX) : SEARCH_INDEX;

    const countQuery = () => this.run<{ total: number | string }>(`SELECT COUNT(*) AS total FROM ${from(SEARCH_INDEX)} WHERE ${where}`, params);
    const pageQuery = () => this.run<{ vin: string; condition: string }>(
      `SELECT ${col('vin')} AS vin, ${col('condition')} AS ${q('condition')} FROM ${from(pageIndex)} WHERE ${where}
       ORDER BY ${orderBy.join(', ')} LIMIT ${Number(page.take)} OFFSET ${Number(page.skip)}`,
      params,
    );
    let total: number;
    let keys: { vin: string; condition: string }[];
    if (this.dialect === 'mysql') {
      const [[count], found] = await Promise.all([countQuery(), pageQuery()]);
      [total, keys] = [Number(count?.total ?? 0), found];
    } else {
      const [count] = await countQuery();
      total = Number(count?.total ?? 0);
      keys = total > page.skip ? await pageQuery() : [];
    }
    return { rows: await this.hits(dealerId, keys), total };
  }

  /** The search rows of these cars, in this order, read by primary key (a car removed meanwhile is left out). */
  async hits(dealerId: string, keys: readonly SnapshotKey[]): Promise<SearchHit[]> {
    return (await this.read(dealerId, keys, [])).map(({ row }) => toHit(row));
  }

  /**
   * One query: each condition (and its `within`) becomes a 0/1 miss column over the dealership's
   * cars, and the cars are ordered by their misses' count, then cost, then the search's order.
   */
  async nearest(dealerId: string, query: NearestQuery, sort: SortKey | null): Promise<NearCar[]> {
    if (query.conditions.length === 0 || query.limit <= 0) return [];
    const q = (name: string) => this.dataSource.driver.escape(name);
    const col = (name: string) => `car.${q(name)}`;
    const params: Record<string, unknown> = { dealerId };
    const sql = (node: FilterNode, prefix: string) => {
      const compiled = compileFilter(node, this.dialect, col, prefix);
      Object.assign(params, compiled.params);
      return compiled.sql;
    };
    const flags = query.conditions.map((c, k) => `CASE WHEN ${sql(c.filter, `c${k}_`)} THEN 0 ELSE 1 END AS ${q(`m${k}`)}`);
    const within = query.conditions.flatMap((c, k) => (c.within ? [` AND ${sql(c.within, `w${k}_`)}`] : []));
    const flag = (k: number) => `candidate.${q(`m${k}`)}`;
    const misses = query.conditions.map((_, k) => flag(k)).join(' + ');
    const cost = query.conditions.map((c, k) => `${flag(k)} * ${Number(c.weight)}`).join(' + ');
    const sortKey = sort ?? 'default';
    const carried = [...new Set(['vin', 'condition', ...SEARCH_ORDER[sortKey].map(([c]) => c)])];
    const found = await this.run<Record<string, unknown>>(
      `SELECT * FROM (SELECT ${[...carried.map((c) => `${col(c)} AS ${q(c)}`), ...flags].join(', ')} FROM ${q('inventory_cars')} car
       WHERE ${col('dealer_id')} = :dealerId AND ${col('is_deleted')} = 0${within.join('')}) candidate
       WHERE ${misses} <= ${Number(query.maxMisses)}
       ORDER BY ${misses}, ${cost}, ${orderTerms(sortKey, (c) => `candidate.${q(c)}`).join(', ')} LIMIT ${Number(query.limit)}`,
      params,
    );
    return this.nearCars(dealerId, found.map((f) => ({
      key: { condition: String(f.condition), vin: String(f.vin) },
      misses: query.conditions.flatMap((_, k) => (Number(f[`m${k}`]) ? [k] : [])),
    })), query.attributes);
  }

  /** The near cars' rows and asked attributes, read by primary key, in this order. */
  async nearCars(dealerId: string, found: readonly { key: SnapshotKey; misses: number[] }[], attributes: readonly string[]): Promise<NearCar[]> {
    // `options` is free text of up to 4,000 characters: not carried back.
    const asked = attributes.filter((a) => a !== 'options' && SEARCH_VOCABULARY.has(a));
    const rows = await this.read(dealerId, found.map((f) => f.key), asked);
    const misses = new Map(found.map((f) => [`${f.key.condition}:${f.key.vin}`, f.misses]));
    return rows.map(({ key, row }) => {
      const hit = toHit(row);
      const values = Object.fromEntries(attributes.map((a) => [a, a === 'color' ? hit.color : asked.includes(a) ? attributeValue(a, row[a]) : null]));
      return { hit, misses: misses.get(key) ?? [], values };
    });
  }

  /** Rows by primary key, in the keys' order, with the hit's columns and `extra` (a car removed meanwhile is left out). */
  private async read(dealerId: string, keys: readonly SnapshotKey[], extra: readonly string[]): Promise<{ key: string; row: Record<string, unknown> }[]> {
    if (keys.length === 0) return [];
    const q = (name: string) => this.dataSource.driver.escape(name);
    const col = (name: string) => `car.${q(name)}`;
    const columns = [...new Set([...HIT_COLUMNS, ...extra])];
    // IN lists on the primary key's columns: point reads on both dialects (SQLite's planner may
    // scan a dealership's rows for 20 OR-ed key pairs).
    const details = await this.run<Record<string, unknown>>(
      `SELECT ${columns.map((c) => `${col(c)} AS ${q(c)}`).join(', ')} FROM ${q('inventory_cars')} car
       WHERE ${col('dealer_id')} = :dealerId AND ${col('condition')} IN (:...conditions) AND ${col('vin')} IN (:...vins)`,
      { dealerId, conditions: [...new Set(keys.map((k) => k.condition))], vins: keys.map((k) => k.vin) },
    );
    const byKey = new Map(details.map((d) => [`${String(d.condition)}:${String(d.vin)}`, d]));
    // A car an upload removed between the reads is left out rather than failing the search.
    return keys.flatMap((k) => {
      const key = `${k.condition}:${k.vin}`;
      const row = byKey.get(key);
      return row ? [{ key, row }] : [];
    });
  }

  private run<T>(sql: string, params: Record<string, unknown>): Promise<T[]> {
    const [query, values] = this.dataSource.driver.escapeQueryWithParameters(sql, params, {});
    return this.dataSource.query(query, values);
  }
}

/**
 * The search's order over `col`, then the key: NULLs sort last (both dialects put NULL first
 * ascending and last descending, so only ascending columns need `col IS NULL` first).
 */
function orderTerms(sortKey: SortKey | 'default', col: (name: string) => string): string[] {
  return [
    ...SEARCH_ORDER[sortKey].flatMap(([c, dir]) => (dir === 'ASC' ? [`${col(c)} IS NULL`, `${col(c)} ASC`] : [`${col(c)} DESC`])),
    `${col('vin')} ASC`,
    `${col('condition')} ASC`,
  ];
}

/** A stored value as the vocabulary types it (drivers give decimals as strings, booleans as 0/1). */
function attributeValue(attribute: string, v: unknown): ScalarValue | null {
  if (v === null || v === undefined || v === '') return null;
  switch (SEARCH_VOCABULARY.get(attribute)?.type) {
    case 'boolean': return Number(v) !== 0;
    case 'number':
    case 'integer': return Number(v);
    default: return String(v);
  }
}

function toHit(r: Record<string, unknown>): SearchHit {
  const text = (v: unknown) => (v === null || v === undefined || v === '' ? null : String(v));
  return {
    vin: String(r.vin),
    stock_number: text(r.stock_number),
    display_name: String(r.display_name ?? ''),
    manufacturer: text(r.manufacturer),
    model: text(r.model),
    trim: text(r.trim),
    year: r.year === null || r.year === undefined ? null : Number(r.year),
    type: text(r.type),
    condition: String(r.condition),
    price: r.price === null || r.price === undefined ? null : Number(r.price),
    kilometers: r.kilometers === null || r.kilometers === undefined ? null : Number(r.kilometers),
    color: asCanonicalColor(text(r.color)),
    image_url: text(r.image_url),
  };
}
