import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { Manufacturer } from '../../domain/catalog';
import { CatalogVocabulary, ManufacturerModelName } from '../../domain/catalog-vocabulary';
import { CatalogManufacturerOrmEntity, CatalogModelOrmEntity } from './catalog.orm-entity';

interface Snapshot {
  revision: string;
  manufacturers: Manufacturer[];
  names: ManufacturerModelName[];
}

/**
 * The names are read once per catalog revision and served from memory after that. An import
 * touches `updated_at` of every manufacturer it changes, so count + latest `updated_at` of the
 * (small) manufacturers table changes exactly when the names may have, in any process.
 */
@Injectable()
export class TypeOrmCatalogVocabulary extends CatalogVocabulary {
  private snapshot: Promise<Snapshot> | null = null;

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {
    super();
  }

  async revision(): Promise<string> {
    const row = await this.dataSource.getRepository(CatalogManufacturerOrmEntity).createQueryBuilder('m')
      .select('COUNT(*)', 'n').addSelect('MAX(m.updated_at)', 'latest')
      .getRawOne<{ n: number | string; latest: Date | string | null }>();
    const latest = row?.latest instanceof Date ? row.latest.toISOString() : String(row?.latest ?? '');
    return `${Number(row?.n ?? 0)}@${latest}`;
  }

  async listManufacturers(): Promise<Manufacturer[]> {
    return (await this.current()).manufacturers;
  }

  async listManufacturerModelNames(): Promise<ManufacturerModelName[]> {
    return (await this.current()).names;
  }

  private async current(): Promise<Snapshot> {
    const revision = await this.revision();
    const cached = this.snapshot ? await this.snapshot.catch(() => null) : null;
    if (cached?.revision === revision) return cached;
    this.snapshot = this.load(revision);
    return this.snapshot;
  }

  private async load(revision: string): Promise<Snapshot> {
    const manufacturers = await this.dataSource.getRepository(CatalogManufacturerOrmEntity).find({
      select: { id: true, name: true }, order: { sortKey: 'ASC', id: 'ASC' },
    });
    // Deduplicated here rather than with GROUP BY, whose case-folding would differ between dialects.
    const rows = await this.dataSource.getRepository(CatalogModelOrmEntity).find({ select: { manufacturerId: true, model: true, sortKey: true, type: true } });
    const pairs = [...new Map(rows.map((r) => [`${r.manufacturerId}\u0000${r.model}`, r])).values()];
    // A model's type: the one its model years agree on (null when they differ, e.g. coupe and convertible years).
    const types = new Map<string, string | null>();
    for (const r of rows) {
      if (r.type === null) continue;
      const key = `${r.manufacturerId}\u0000${r.model}`;
      const seen = types.get(key);
      types.set(key, seen === undefined || seen === r.type ? r.type : null);
    }
    const order = new Map(manufacturers.map((m, i) => [m.id, i]));
    const nameOf = new Map(manufacturers.map((m) => [m.id, m.name]));
    pairs.sort((a, b) => (order.get(a.manufacturerId)! - order.get(b.manufacturerId)!) || cmp(a.sortKey, b.sortKey) || cmp(a.model, b.model));
    return {
      revision,
      manufacturers: manufacturers.map((m) => ({ id: m.id, name: m.name })),
      names: pairs.filter((p) => nameOf.has(p.manufacturerId)).map((p) => ({
        manufacturer: nameOf.get(p.manufacturerId)!, model: p.model, type: types.get(`${p.manufacturerId}\u0000${p.model}`) ?? null,
      })),
    };
  }
}

const cmp = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
