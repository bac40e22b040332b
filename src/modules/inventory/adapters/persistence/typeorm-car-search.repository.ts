import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { PageRequest } from '../../../../../libs/common/pagination/page';
import { CarSearchRepository, SearchHit } from '../../domain/search/car-search.repository';
import { FilterNode } from '../../domain/search/filter-expression';
import { SortKey } from '../../domain/search/nl-translator';
import { compileFilter, SqlDialect } from './filter-to-sql';

const HIT_COLUMNS = ['vin', 'stock_number', 'display_name', 'manufacturer', 'model', 'trim', 'year', 'type', 'condition'] as const;

/** Column, direction; NULLs always sort last. The VIN breaks ties so pages never overlap. */
const ORDER: Record<SortKey | 'default', [string, 'ASC' | 'DESC'][]> = {
  default: [['year', 'DESC'], ['price', 'ASC']],
  price_asc: [['price', 'ASC'], ['year', 'DESC']],
  price_desc: [['price', 'DESC'], ['year', 'DESC']],
  year_desc: [['year', 'DESC'], ['price', 'ASC']],
  year_asc: [['year', 'ASC'], ['price', 'ASC']],
  kilometers_asc: [['kilometers', 'ASC'], ['price', 'ASC']],
};

/**
 * The filter becomes one parameterised query over `inventory_cars`, always scoped to the caller's
 * dealership (the leading column of every index there) and to cars not deleted.
 */
@Injectable()
export class TypeOrmCarSearchRepository extends CarSearchRepository {
  private readonly dialect: SqlDialect;

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {
    super();
    this.dialect = dataSource.options.type === 'mysql' ? 'mysql' : 'sqlite';
  }

  async search(dealerId: string, filter: FilterNode, sort: SortKey | null, page: PageRequest): Promise<{ rows: SearchHit[]; total: number }> {
    const col = (name: string) => `car.${this.dataSource.driver.escape(name)}`;
    const compiled = compileFilter(filter, this.dialect, col);
    const base = () =>
      this.dataSource.createQueryBuilder()
        .from('inventory_cars', 'car')
        .where(`${col('dealer_id')} = :dealerId AND ${col('is_deleted')} = 0`, { dealerId })
        .andWhere(compiled.sql, compiled.params);

    const query = base().select(HIT_COLUMNS.map((c) => `${col(c)} AS ${this.dataSource.driver.escape(c)}`));
    for (const [column, direction] of ORDER[sort ?? 'default']) {
      query.addOrderBy(`CASE WHEN ${col(column)} IS NULL THEN 1 ELSE 0 END`, 'ASC').addOrderBy(col(column), direction);
    }
    query.addOrderBy(col('vin'), 'ASC').offset(page.skip).limit(page.take);

    const [rows, count] = await Promise.all([
      query.getRawMany<Record<(typeof HIT_COLUMNS)[number], unknown>>(),
      base().select('COUNT(*)', 'total').getRawOne<{ total: number | string }>(),
    ]);
    return {
      total: Number(count?.total ?? 0),
      rows: rows.map((r) => ({
        vin: String(r.vin),
        stock_number: (r.stock_number as string | null) ?? '',
        display_name: String(r.display_name ?? ''),
        manufacturer: (r.manufacturer as string | null) ?? '',
        model: (r.model as string | null) ?? '',
        trim: (r.trim as string | null) ?? '',
        year: r.year === null || r.year === undefined ? null : Number(r.year),
        type: (r.type as string | null) ?? '',
        condition: String(r.condition),
      })),
    };
  }
}
