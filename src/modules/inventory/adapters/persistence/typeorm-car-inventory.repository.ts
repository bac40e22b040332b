import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { LessThan, Repository } from 'typeorm';
import { PageRequest } from '../../../../../libs/common/pagination/page';
import { SqlTable } from '../../../../../libs/common/persistence/sql-table';
import { Car, CarCondition, StockedModel } from '../../domain/car';
import { CarInventoryRepository, InventoryStatistics } from '../../domain/car-inventory.repository';
import { StockedModelsReader } from '../../domain/stocked-models.reader';
import { CarOrmEntity } from './car.orm-entity';

/** Reads of both dialects (writes are dialect-specific: see the stores). */
@Injectable()
export class TypeOrmCarInventoryRepository extends CarInventoryRepository implements StockedModelsReader {
  private readonly cars: SqlTable<CarOrmEntity>;

  constructor(@InjectRepository(CarOrmEntity) private readonly rows: Repository<CarOrmEntity>) {
    super();
    this.cars = new SqlTable(rows.manager.connection, CarOrmEntity);
  }

  /**
   * A page in listing order (the listing index), and the count. Plain SQL: TypeORM's findAndCount
   * spent a fifth of the list endpoint's CPU building these two statements.
   */
  async list(dealerId: string, condition: CarCondition, page: PageRequest): Promise<{ cars: Car[]; total: number }> {
    const t = this.cars;
    const where = `${t.is('dealer_id')} AND ${t.is('condition')} AND ${t.is('is_deleted')}`;
    const params = [dealerId, condition, t.value('is_deleted', false)];
    const order = `${t.q('date_created')} DESC, ${t.q('row_index')} ASC, ${t.q('vin')} ASC`;
    const [take, skip] = [page.take, page.skip].map((n) => Math.max(0, Math.floor(n))); // written into the SQL: integers only
    const [rows, [{ n }]] = await Promise.all([
      t.select(this.rows.manager, where, params, `ORDER BY ${order} LIMIT ${take} OFFSET ${skip}`),
      this.rows.manager.query(`SELECT COUNT(*) AS n FROM ${t.name} WHERE ${where}`, params) as Promise<{ n: number | string }[]>,
    ]);
    return { cars: rows.map(toCar), total: Number(n) };
  }

  /** Plain SQL too: the assistant's VIN lookups call it on every such run. */
  async findByVin(dealerId: string, condition: CarCondition, vin: string): Promise<Car | null> {
    const t = this.cars;
    const [row] = await t.select(this.rows.manager, `${t.is('dealer_id')} AND ${t.is('condition')} AND ${t.is('vin')} AND ${t.is('is_deleted')}`,
      [dealerId, condition, vin, t.value('is_deleted', false)], 'LIMIT 1');
    return row ? toCar(row) : null;
  }

  count(dealerId: string, condition: CarCondition): Promise<number> {
    return this.rows.countBy({ dealer_id: dealerId, condition, is_deleted: false });
  }

  async statistics(dealerId: string): Promise<InventoryStatistics> {
    const live = () => this.rows.createQueryBuilder('c').where('c.dealer_id = :dealerId AND c.is_deleted = :deleted', { dealerId, deleted: false });
    const [conditions, makes, price] = await Promise.all([
      live().select('c.condition', 'condition').addSelect('COUNT(*)', 'n').groupBy('c.condition').getRawMany<{ condition: string; n: string | number }>(),
      live().andWhere('c.manufacturer IS NOT NULL').select('c.manufacturer', 'make').addSelect('COUNT(*)', 'n')
        .groupBy('c.manufacturer').orderBy('n', 'DESC').addOrderBy('c.manufacturer', 'ASC').getRawMany<{ make: string; n: string | number }>(),
      live().andWhere('c.price IS NOT NULL').select('MIN(c.price)', 'min').addSelect('MAX(c.price)', 'max').addSelect('AVG(c.price)', 'avg')
        .getRawOne<{ min: string | number | null; max: string | number | null; avg: string | number | null }>(),
    ]);
    const byCondition = { new: 0, used: 0 };
    for (const c of conditions) byCondition[c.condition as CarCondition] = Number(c.n);
    const num = (v: string | number | null | undefined) => (v === null || v === undefined ? null : Math.round(Number(v) * 100) / 100);
    return {
      total: byCondition.new + byCondition.used,
      byCondition,
      byMake: makes.map((m) => ({ make: m.make, count: Number(m.n) })),
      price: { min: num(price?.min), max: num(price?.max), average: num(price?.avg) },
    };
  }

  async listedBefore(dealerId: string, before: Date, take: number): Promise<Car[]> {
    const rows = await this.rows.find({
      where: { dealer_id: dealerId, is_deleted: false, date_created: LessThan(before) },
      order: { date_created: 'ASC', vin: 'ASC' },
      take,
    });
    return rows.map(toCar);
  }

  async stockedModels(dealerId: string): Promise<StockedModel[]> {
    const rows = await this.rows.createQueryBuilder('c')
      .select('c.manufacturer', 'manufacturer')
      .addSelect('c.model', 'model')
      .addSelect('c.model_family', 'family')
      .addSelect('COUNT(*)', 'count')
      .where('c.dealer_id = :dealerId', { dealerId })
      .andWhere('c.is_deleted = :deleted', { deleted: false })
      .andWhere('c.manufacturer IS NOT NULL AND c.model IS NOT NULL')
      .groupBy('c.manufacturer')
      .addGroupBy('c.model')
      .addGroupBy('c.model_family')
      .orderBy('c.manufacturer', 'ASC')
      .addOrderBy('c.model', 'ASC')
      .getRawMany<{ manufacturer: string; model: string; family: string | null; count: string | number }>();
    return rows.map((r) => ({ manufacturer: r.manufacturer, model: r.model, family: r.family, count: Number(r.count) }));
  }

  async attributesWithData(dealerId: string, attributes: readonly string[]): Promise<string[]> {
    const found = await Promise.all(
      attributes.map(async (attribute) => {
        // only the entity's own columns reach the SQL text
        const column = this.rows.metadata.findColumnWithPropertyName(attribute);
        if (!column) return false;
        const hit = await this.rows.createQueryBuilder('c')
          .select('1', 'hit')
          .where('c.dealer_id = :dealerId', { dealerId })
          .andWhere('c.is_deleted = :deleted', { deleted: false })
          .andWhere(`c.${column.databaseName} IS NOT NULL`)
          .limit(1)
          .getRawOne();
        return hit !== undefined;
      }),
    );
    return attributes.filter((_, i) => found[i]);
  }

  async stockedTrims(dealerId: string): Promise<string[]> {
    const rows = await this.rows.createQueryBuilder('c')
      .select('DISTINCT c.trim', 'trim')
      .where('c.dealer_id = :dealerId', { dealerId })
      .andWhere('c.is_deleted = :deleted', { deleted: false })
      .andWhere("c.trim IS NOT NULL AND c.trim <> ''")
      .getRawMany<{ trim: string }>();
    return rows.map((r) => r.trim);
  }
}

function toCar(row: CarOrmEntity): Car {
  const { upload_id: _uploadId, ...car } = row;
  return { ...car, condition: row.condition as CarCondition };
}
