import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { PageRequest } from '../../../../../libs/common/pagination/page';
import { featureBit } from '../../../../../libs/common/vehicle/car-features';
import { asCanonicalColor } from '../../../../../libs/common/vehicle/canonical-values';
import { CarSearchRepository, SearchHit } from '../../domain/car-search.repository';
import { FilterNode } from '../../../../../libs/common/vehicle/filter-expression';
import { SortKey } from '../../../../../libs/common/vehicle/car-attributes';
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
    // NULLs sort last: both dialects put NULL first ascending and last descending, so only
    // ascending columns need `col IS NULL` first.
    const orderBy = [
      ...SEARCH_ORDER[sortKey].flatMap(([c, dir]) => (dir === 'ASC' ? [`${col(c)} IS NULL`, `${col(c)} ASC`] : [`${col(c)} DESC`])),
      `${col('vin')} ASC`,
      `${col('condition')} ASC`,
    ];
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
    if (keys.length === 0) return [];
    const q = (name: string) => this.dataSource.driver.escape(name);
    const col = (name: string) => `car.${q(name)}`;
    // IN lists on the primary key's columns: point reads on both dialects (SQLite's planner may
    // scan a dealership's rows for 20 OR-ed key pairs).
    const details = await this.run<Record<(typeof HIT_COLUMNS)[number], unknown>>(
      `SELECT ${HIT_COLUMNS.map((c) => `${col(c)} AS ${q(c)}`).join(', ')} FROM ${q('inventory_cars')} car
       WHERE ${col('dealer_id')} = :dealerId AND ${col('condition')} IN (:...conditions) AND ${col('vin')} IN (:...vins)`,
      { dealerId, conditions: [...new Set(keys.map((k) => k.condition))], vins: keys.map((k) => k.vin) },
    );
    const byKey = new Map(details.map((d) => [`${String(d.condition)}:${String(d.vin)}`, d]));
    // A car an upload removed between the reads is left out rather than failing the search.
    return keys.flatMap((k) => {
      const row = byKey.get(`${k.condition}:${k.vin}`);
      return row ? [toHit(row)] : [];
    });
  }

  private run<T>(sql: string, params: Record<string, unknown>): Promise<T[]> {
    const [query, values] = this.dataSource.driver.escapeQueryWithParameters(sql, params, {});
    return this.dataSource.query(query, values);
  }
}

function toHit(r: Record<(typeof HIT_COLUMNS)[number], unknown>): SearchHit {
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
