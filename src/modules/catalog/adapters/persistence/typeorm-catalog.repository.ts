import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager, EntityTarget, ObjectLiteral } from 'typeorm';
import { PageRequest } from '../../../../../libs/common/pagination/page';
import { transactionalManager } from '../../../../../libs/common/persistence/typeorm-unit-of-work';
import {
  CarProperty, CatalogImportCounts, CatalogModel, CatalogTrim, emptyImportCounts, ImportTally, Manufacturer, sortKey,
} from '../../domain/catalog';
import { FingerprintedCatalog } from '../../domain/catalog-content-hash';
import { CatalogRepository, ModelQuery } from '../../domain/catalog.repository';
import {
  CatalogManufacturerOrmEntity, CatalogModelOrmEntity, CatalogModelRegionOrmEntity, CatalogTrimOrmEntity,
} from './catalog.orm-entity';

/** Rows per multi-row INSERT / ids per IN list: well under SQLite's 32766 bound variables. */
const CHUNK = 400;

function chunks<T>(items: T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** Car properties are stored as JSON in the spec's field names. */
interface StoredCarProperty {
  tag: string; string_key: string; display_name: string; description: string; searchable_text: string;
  value: string | number | boolean; unit: string; url: string; image_urls: string[];
}

const toStoredProperty = (p: CarProperty): StoredCarProperty => ({
  tag: p.tag, string_key: p.stringKey, display_name: p.displayName, description: p.description, searchable_text: p.searchableText,
  value: p.value, unit: p.unit, url: p.url, image_urls: p.imageUrls,
});

const fromStoredProperty = (p: StoredCarProperty): CarProperty => ({
  tag: p.tag, stringKey: p.string_key, displayName: p.display_name, description: p.description, searchableText: p.searchable_text,
  value: p.value, unit: p.unit, url: p.url, imageUrls: p.image_urls,
});

@Injectable()
export class TypeOrmCatalogRepository extends CatalogRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {
    super();
  }

  async listManufacturers(page: PageRequest): Promise<{ rows: Manufacturer[]; total: number }> {
    const repo = this.dataSource.getRepository(CatalogManufacturerOrmEntity);
    const [rows, total] = await Promise.all([
      repo.find({ select: { id: true, name: true }, order: { sortKey: 'ASC', id: 'ASC' }, skip: page.skip, take: page.take }),
      repo.count(),
    ]);
    return { rows: rows.map((r) => ({ id: r.id, name: r.name })), total };
  }

  async findManufacturer(id: string): Promise<Manufacturer | null> {
    const row = await this.dataSource.getRepository(CatalogManufacturerOrmEntity).findOne({ where: { id }, select: { id: true, name: true } });
    return row ? { id: row.id, name: row.name } : null;
  }

  async listModels(manufacturerId: string, query: ModelQuery): Promise<{ rows: CatalogModel[]; total: number }> {
    const qb = this.dataSource.getRepository(CatalogModelOrmEntity).createQueryBuilder('m').where('m.manufacturer_id = :manufacturerId', { manufacturerId });
    let count: Promise<number>;
    if (query.region) {
      qb.innerJoin(CatalogModelRegionOrmEntity, 'r', 'r.manufacturer_id = m.manufacturer_id AND r.model_id = m.id AND r.region = :region', { region: query.region });
      count = this.dataSource.getRepository(CatalogModelRegionOrmEntity).countBy({ manufacturerId, region: query.region });
    } else {
      count = this.dataSource.getRepository(CatalogModelOrmEntity).countBy({ manufacturerId });
    }
    // offset/limit, not skip/take: the join is one-to-one, so no DISTINCT sub-query is needed.
    const [rows, total] = await Promise.all([
      qb.orderBy('m.sortKey', 'ASC').addOrderBy('m.year', 'DESC').addOrderBy('m.id', 'ASC').offset(query.skip).limit(query.take).getMany(),
      count,
    ]);
    const trims = await this.trimsOf(manufacturerId, rows.map((r) => r.id));
    return { rows: rows.map((r) => this.toModel(r, trims.get(r.id) ?? [])), total };
  }

  async isEmpty(): Promise<boolean> {
    const any = await this.dataSource.getRepository(CatalogManufacturerOrmEntity).find({ select: { id: true }, take: 1 });
    return any.length === 0;
  }

  async replaceManufacturers(catalogs: FingerprintedCatalog[], now: Date): Promise<CatalogImportCounts> {
    const em = transactionalManager(this.dataSource.manager);
    const counts = emptyImportCounts();
    for (const catalog of catalogs) await this.replaceOne(em, catalog, now, counts);
    return counts;
  }

  // ---------------------------------------------------------------- import

  private async replaceOne(em: EntityManager, c: FingerprintedCatalog, now: Date, counts: CatalogImportCounts): Promise<void> {
    const manufacturerId = c.manufacturer.id;
    const trimCount = c.models.reduce((n, m) => n + m.trims.length, 0);
    const existing = await em.findOne(CatalogManufacturerOrmEntity, { where: { id: manufacturerId }, select: { id: true, contentHash: true } });
    if (existing?.contentHash === c.hash) {
      counts.manufacturers.unchanged++;
      counts.models.unchanged += c.models.length;
      counts.trims.unchanged += trimCount;
      return;
    }
    const own = { name: c.manufacturer.name, sortKey: sortKey(c.manufacturer.name), contentHash: c.hash, updatedAt: now };
    if (existing) {
      await em.update(CatalogManufacturerOrmEntity, { id: manufacturerId }, own);
      counts.manufacturers.updated++;
    } else {
      await em.insert(CatalogManufacturerOrmEntity, { id: manufacturerId, ...own, createdAt: now });
      counts.manufacturers.inserted++;
    }

    // A new manufacturer has nothing stored; skip the two reads.
    const stored = { id: true, contentHash: true, createdAt: true } as const;
    const storedModels = existing ? await em.find(CatalogModelOrmEntity, { where: { manufacturerId }, select: stored }) : [];
    const storedTrims = existing ? await em.find(CatalogTrimOrmEntity, { where: { manufacturerId }, select: stored }) : [];

    const models = diff(storedModels, c.models.map((m, i) => ({ id: m.id, hash: c.modelHashes[i], value: m })), counts.models);
    const trims = diff(
      storedTrims,
      c.models.flatMap((m, i) => m.trims.map((t, k) => ({ id: t.id, hash: c.trimHashes[i][k], value: { trim: t, modelId: m.id, position: k } }))),
      counts.trims,
    );

    // A changed row is deleted and written again with its original created_at: one batched path for both.
    const modelIdsOut = [...models.deleted, ...models.changed.map((m) => m.id)];
    await this.deleteByIds(em, CatalogModelOrmEntity, manufacturerId, 'id', modelIdsOut);
    await this.deleteByIds(em, CatalogModelRegionOrmEntity, manufacturerId, 'model_id', modelIdsOut);
    await this.deleteByIds(em, CatalogTrimOrmEntity, manufacturerId, 'id', [...trims.deleted, ...trims.changed.map((t) => t.id)]);

    const modelsIn = [...models.added, ...models.changed];
    await this.insertRows(em, CatalogModelOrmEntity, modelsIn.map(({ value: m, hash, createdAt }) => ({
      manufacturerId, id: m.id, model: m.model, sortKey: sortKey(m.model), modelLocalized: m.modelLocalized, modelDisplayName: m.modelDisplayName,
      locale: m.locale, regions: m.regions.join(','), type: m.type, bodyType: m.bodyType, fuelType: m.fuelType, seats: m.seats, year: m.year,
      minPrice: m.minPrice, maxPrice: m.maxPrice, siteUrl: m.siteUrl, imageUrl: m.imageUrl, videoUrl: m.videoUrl, canTestDrive: m.canTestDrive,
      contentHash: hash, createdAt: createdAt ?? now, updatedAt: now,
    })));
    await this.insertRows(em, CatalogModelRegionOrmEntity, modelsIn.flatMap(({ value: m }) => m.regions.map((region) => ({ manufacturerId, region, modelId: m.id }))));
    await this.insertRows(em, CatalogTrimOrmEntity, [...trims.added, ...trims.changed].map(({ value: { trim: t, modelId, position }, hash, createdAt }) => ({
      manufacturerId, id: t.id, modelId, position, trim: t.trim, trimLocalized: t.trimLocalized, trimDisplayName: t.trimDisplayName,
      overrideModelName: t.overrideModelName, canTestDrive: t.canTestDrive, year: t.year, siteUrl: t.siteUrl, type: t.type,
      carProperties: JSON.stringify(t.carProperties.map(toStoredProperty)), contentHash: hash, createdAt: createdAt ?? now, updatedAt: now,
    })));
  }

  private async deleteByIds(em: EntityManager, target: EntityTarget<ObjectLiteral>, manufacturerId: string, column: string, ids: string[]): Promise<void> {
    for (const part of chunks(ids)) {
      await em.createQueryBuilder().delete().from(target)
        .where(`manufacturer_id = :manufacturerId AND ${column} IN (:...ids)`, { manufacturerId, ids: part })
        .execute();
    }
  }

  private async insertRows<T extends ObjectLiteral>(em: EntityManager, target: EntityTarget<T>, rows: T[]): Promise<void> {
    for (const part of chunks(rows)) {
      await em.createQueryBuilder().insert().into(target).values(part).updateEntity(false).execute();
    }
  }

  // ---------------------------------------------------------------- reading

  private async trimsOf(manufacturerId: string, modelIds: string[]): Promise<Map<string, CatalogTrim[]>> {
    const byModel = new Map<string, CatalogTrim[]>();
    for (const part of chunks(modelIds)) {
      const rows = await this.dataSource.getRepository(CatalogTrimOrmEntity).createQueryBuilder('t')
        .where('t.manufacturer_id = :manufacturerId AND t.model_id IN (:...ids)', { manufacturerId, ids: part })
        .orderBy('t.modelId', 'ASC').addOrderBy('t.position', 'ASC')
        .getMany();
      for (const r of rows) {
        const list = byModel.get(r.modelId) ?? [];
        list.push({
          id: r.id, trim: r.trim, trimLocalized: r.trimLocalized, trimDisplayName: r.trimDisplayName, overrideModelName: r.overrideModelName,
          canTestDrive: r.canTestDrive, year: r.year, siteUrl: r.siteUrl, type: r.type,
          carProperties: (JSON.parse(r.carProperties) as StoredCarProperty[]).map(fromStoredProperty),
        });
        byModel.set(r.modelId, list);
      }
    }
    return byModel;
  }

  private toModel(r: CatalogModelOrmEntity, trims: CatalogTrim[]): CatalogModel {
    return {
      id: r.id, manufacturerId: r.manufacturerId, model: r.model, modelLocalized: r.modelLocalized, modelDisplayName: r.modelDisplayName,
      locale: r.locale, regions: r.regions ? r.regions.split(',') : [], type: r.type, bodyType: r.bodyType, fuelType: r.fuelType, seats: r.seats,
      year: r.year, minPrice: r.minPrice, maxPrice: r.maxPrice, siteUrl: r.siteUrl, imageUrl: r.imageUrl, videoUrl: r.videoUrl,
      canTestDrive: r.canTestDrive, trims,
    };
  }
}

interface Stored {
  id: string;
  contentHash: string;
  createdAt: Date;
}

interface Incoming<V> {
  id: string;
  hash: string;
  value: V;
}

/** Sorts incoming rows into added / changed (with the stored created_at) / unchanged, and finds the stored rows to delete. */
function diff<V>(stored: Stored[], incoming: Incoming<V>[], tally: ImportTally) {
  const byId = new Map(stored.map((s) => [s.id, s]));
  const added: (Incoming<V> & { createdAt?: Date })[] = [];
  const changed: (Incoming<V> & { createdAt: Date })[] = [];
  for (const row of incoming) {
    const before = byId.get(row.id);
    byId.delete(row.id);
    if (!before) added.push(row);
    else if (before.contentHash !== row.hash) changed.push({ ...row, createdAt: before.createdAt });
    else tally.unchanged++;
  }
  const deleted = [...byId.keys()];
  tally.inserted += added.length;
  tally.updated += changed.length;
  tally.deleted += deleted.length;
  return { added, changed, deleted };
}
