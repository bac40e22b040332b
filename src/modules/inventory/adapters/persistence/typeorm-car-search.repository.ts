import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { PageRequest } from '../../../../../libs/common/pagination/page';
import { asCanonicalColor } from '../../../../../libs/common/vehicle/canonical-values';
import { CarSearchRepository, SearchHit } from '../../domain/car-search.repository';
import { FilterNode } from '../../../../../libs/common/vehicle/filter-expression';
import { SortKey } from '../../../../../libs/common/vehicle/car-attributes';
import { compileFilter, SqlDialect } from './filter-to-sql';

const HIT_COLUMNS = ['vin', 'stock_number', 'display_name', 'manufacturer', 'model', 'trim', 'year', 'type', 'condition', 'price', 'kilometers', 'color', 'image_url'] as const;

/** Column, direction; NULLs always sort last. VIN and condition (the key) break ties so pages never overlap. */
const ORDER: Record<SortKey | 'default', [string, 'ASC' | 'DESC'][]> = {
  default: [['year', 'DESC'], ['price', 'ASC']],
  price_asc: [['price', 'ASC'], ['year', 'DESC']],
  price_desc: [['price', 'DESC'], ['year', 'DESC']],
  year_desc: [['year', 'DESC'], ['price', 'ASC']],
  year_asc: [['year', 'ASC'], ['price', 'ASC']],
  kilometers_asc: [['kilometers', 'ASC'], ['price', 'ASC']],
};

/** Attributes in idx_inventory_cars_search (with the primary key InnoDB appends to it). */
const COVERED = new Set([
  'type', 'manufacturer', 'model', 'year', 'price', 'kilometers', 'color', 'fuel_type', 'drive_train', 'transmission',
  'seats', 'doors', 'certified', 'accident', 'condition', 'vin',
]);

function attributesOf(node: FilterNode, into = new Set<string>()): Set<string> {
  if (node.kind === 'comparison') into.add(node.attribute);
  else node.arguments.forEach((n) => attributesOf(n, into));
  return into;
}

/**
 * The filter becomes one parameterised query over `inventory_cars`, always scoped to the caller's
 * dealership (the leading column of every index there) and to cars not deleted. The page's keys
 * and the total come from one pass (a window count); on MySQL that pass reads only the covering
 * search index when the filter allows. The page's display fields are then read by primary key.
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
    const covered = this.dialect === 'mysql' && [...attributesOf(filter)].every((a) => COVERED.has(a));
    const from = `${q('inventory_cars')} car${covered ? ' FORCE INDEX (idx_inventory_cars_search)' : ''}`;
    const where = `${col('dealer_id')} = :dealerId AND ${col('is_deleted')} = 0 AND ${compiled.sql}`;
    const params = { ...compiled.params, dealerId };
    const orderBy = [...ORDER[sort ?? 'default'].flatMap(([c, dir]) => [`CASE WHEN ${col(c)} IS NULL THEN 1 ELSE 0 END`, `${col(c)} ${dir}`]), `${col('vin')} ASC`, `${col('condition')} ASC`];

    const keys = await this.run<{ vin: string; condition: string; total: number | string }>(
      `SELECT ${col('vin')} AS vin, ${col('condition')} AS ${q('condition')}, COUNT(*) OVER () AS total FROM ${from} WHERE ${where}
       ORDER BY ${orderBy.join(', ')} LIMIT ${Number(page.take)} OFFSET ${Number(page.skip)}`,
      params,
    );
    if (keys.length === 0) {
      const [count] = await this.run<{ total: number | string }>(`SELECT COUNT(*) AS total FROM ${from} WHERE ${where}`, params);
      return { rows: [], total: Number(count?.total ?? 0) };
    }
    const details = await this.run<Record<(typeof HIT_COLUMNS)[number], unknown>>(
      `SELECT ${HIT_COLUMNS.map((c) => `${col(c)} AS ${q(c)}`).join(', ')} FROM ${q('inventory_cars')} car
       WHERE ${col('dealer_id')} = :dealerId AND (${keys.map((_, i) => `(${col('condition')} = :c${i} AND ${col('vin')} = :v${i})`).join(' OR ')})`,
      { dealerId, ...Object.fromEntries(keys.flatMap((k, i) => [[`c${i}`, k.condition], [`v${i}`, k.vin]])) },
    );
    const byKey = new Map(details.map((d) => [`${String(d.condition)}:${String(d.vin)}`, d]));
    return {
      total: Number(keys[0].total),
      // A car an upload removed between the two reads is left out rather than failing the search.
      rows: keys.flatMap((k) => {
        const row = byKey.get(`${k.condition}:${k.vin}`);
        return row ? [toHit(row)] : [];
      }),
    };
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
