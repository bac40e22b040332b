import { Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { PageRequest } from '../../../../../libs/common/pagination/page';
import { SortKey } from '../../../../../libs/common/vehicle/car-attributes';
import { and, FilterNode } from '../../../../../libs/common/vehicle/filter-expression';
import { AppConfig } from '../../../../config/app-config';
import { CarSearchRepository, NearCar, NearestQuery, SearchHit } from '../../domain/car-search.repository';
import { InventoryChanges } from '../../domain/inventory-changes';
import { CarSnapshot, CarSnapshotBuilder, SNAPSHOT_COLUMNS } from './car-snapshot';
import { SqlDialect } from './filter-to-sql';
import { READ_INVENTORY_VERSION_SQL } from './inventory-versions';
import { TypeOrmCarSearchRepository } from './typeorm-car-search.repository';

/** Rows read per statement while building (SQLite's driver blocks the event loop for each). */
const LOAD_CHUNK_ROWS = 10_000;
/** After a build that could not finish (too many cars, an error), the dealership's searches stay in SQL this long. */
const RETRY_AFTER_MS = 60_000;
const SORTS: (SortKey | null)[] = [null, 'price_asc', 'price_desc', 'year_asc', 'kilometers_asc'];
const EVERY_CAR = and();

interface Entry {
  snapshot: CarSnapshot;
  /** The dealership's inventory version the snapshot holds. */
  version: string;
}

/**
 * Search over an in-process column snapshot of each searched dealership's live cars (CarSnapshot),
 * in front of the SQL search: the filter, the count and the page's order are computed in memory
 * (a few ms for 50,000 cars), then the page's rows are read by primary key, as the SQL path does.
 *
 * Freshness: each snapshot remembers the dealership's inventory version (inventory_versions, which
 * every replace and delete increments in its transaction). Each search reads the version by primary
 * key, at the same time as the page's rows; when it moved (an upload through any instance), the
 * answer is thrown away, the search runs in SQL and the snapshot is rebuilt in the background. An
 * upload through this instance drops the snapshot at once (InventoryChanges). A build reads the
 * version before and after loading the rows (in chunks, by primary key) and is kept only if both
 * agree, so a snapshot never mixes two inventories. Concurrent searches share one build; until it
 * is ready they run in SQL. A filter the snapshot cannot answer exactly runs in SQL too.
 *
 * Memory: at most `searchSnapshotMaxCars` cars in all (about 200 bytes a car: 50,000 cars ~ 10 MB
 * with their sort orders); the least recently searched dealership is dropped first; 0 turns
 * snapshots off.
 */
@Injectable()
export class SnapshotCarSearch extends CarSearchRepository implements OnApplicationShutdown {
  private readonly logger = new Logger(SnapshotCarSearch.name);
  private readonly dialect: SqlDialect;
  private readonly maxCars: number;
  /** Least recently searched first (Map order: a search moves its dealership to the end). */
  private readonly entries = new Map<string, Entry>();
  private readonly building = new Map<string, Promise<Entry | null>>();
  private readonly retryAt = new Map<string, number>();
  private cars = 0;
  /** Set at shutdown: no build starts, and one under way stops before its next read. */
  private closed = false;

  constructor(
    private readonly sql: TypeOrmCarSearchRepository,
    @InjectDataSource() private readonly dataSource: DataSource,
    config: AppConfig,
    changes: InventoryChanges,
  ) {
    super();
    this.dialect = dataSource.options.type === 'mysql' ? 'mysql' : 'sqlite';
    this.maxCars = config.searchSnapshotMaxCars;
    changes.subscribe((dealerId) => this.drop(dealerId));
  }

  /** Lets builds under way end before the database connection closes. */
  async onApplicationShutdown(): Promise<void> {
    this.closed = true;
    await Promise.allSettled([...this.building.values()]);
  }

  async search(dealerId: string, filter: FilterNode, sort: SortKey | null, page: PageRequest): Promise<{ rows: SearchHit[]; total: number }> {
    const entry = this.entries.get(dealerId);
    if (!entry) {
      this.warm(dealerId);
      return this.sql.search(dealerId, filter, sort, page);
    }
    this.entries.delete(dealerId);
    this.entries.set(dealerId, entry);
    const selection = entry.snapshot.select(filter, sort, page);
    if (!selection) return this.sql.search(dealerId, filter, sort, page);
    const [version, rows] = await Promise.all([this.version(dealerId), this.sql.hits(dealerId, selection.keys)]);
    if (version === entry.version) return { rows, total: selection.total };
    // Another inventory was committed since the snapshot was built.
    this.drop(dealerId, entry);
    this.warm(dealerId);
    return this.sql.search(dealerId, filter, sort, page);
  }

  /** As search does: from the snapshot (misses, cost and order in memory, then the cars' rows by key), else in SQL. */
  async nearest(dealerId: string, query: NearestQuery, sort: SortKey | null): Promise<NearCar[]> {
    const entry = this.entries.get(dealerId);
    if (!entry) {
      this.warm(dealerId);
      return this.sql.nearest(dealerId, query, sort);
    }
    this.entries.delete(dealerId);
    this.entries.set(dealerId, entry);
    const found = entry.snapshot.nearest(query.conditions, sort, query.limit, query.maxMisses);
    if (!found) return this.sql.nearest(dealerId, query, sort);
    const [version, cars] = await Promise.all([this.version(dealerId), this.sql.nearCars(dealerId, found, query.attributes)]);
    if (version === entry.version) return cars;
    this.drop(dealerId, entry);
    this.warm(dealerId);
    return this.sql.nearest(dealerId, query, sort);
  }

  /**
   * The dealership's snapshot at the committed inventory, built now if it has none or an old one
   * (shared with a build in flight); null when it has none (turned off, too many cars, the
   * inventory changed during the build). For tests and benchmarks.
   */
  async current(dealerId: string): Promise<CarSnapshot | null> {
    if (this.maxCars === 0) return null;
    const entry = this.entries.get(dealerId);
    if (entry && entry.version === (await this.version(dealerId))) return entry.snapshot;
    if (entry) this.drop(dealerId, entry);
    return (await this.build(dealerId))?.snapshot ?? null;
  }

  /** Starts a build in the background unless one is running or the last one failed lately. */
  private warm(dealerId: string): void {
    if (this.closed || this.maxCars === 0 || this.building.has(dealerId) || (this.retryAt.get(dealerId) ?? 0) > Date.now()) return;
    this.build(dealerId).catch((err: Error) => this.logger.warn(`search snapshot of ${dealerId} failed: ${err.message}`));
  }

  private build(dealerId: string): Promise<Entry | null> {
    let flight = this.building.get(dealerId);
    if (!flight) {
      flight = this.load(dealerId)
        .catch((err: unknown) => {
          this.retryAt.set(dealerId, Date.now() + RETRY_AFTER_MS);
          throw err;
        })
        .finally(() => this.building.delete(dealerId));
      this.building.set(dealerId, flight);
    }
    return flight;
  }

  private async load(dealerId: string): Promise<Entry | null> {
    const started = Date.now();
    const before = await this.version(dealerId);
    const builder = new CarSnapshotBuilder(this.dialect);
    const q = (name: string) => this.dataSource.driver.escape(name);
    const [condition, vin] = [q('condition'), q('vin')];
    const select = `SELECT ${SNAPSHOT_COLUMNS.map(q).join(', ')} FROM ${q('inventory_cars')} WHERE ${q('dealer_id')} = ? AND ${q('is_deleted')} = 0`;
    const order = `ORDER BY ${condition}, ${vin} LIMIT ${LOAD_CHUNK_ROWS}`;
    let after: { condition: string; vin: string } | null = null;
    for (;;) {
      // Keyset pages along the primary key: each statement is short (no long read transaction).
      const rows: Record<string, unknown>[] = after
        ? await this.dataSource.query(`${select} AND (${condition} > ? OR (${condition} = ? AND ${vin} > ?)) ${order}`, [dealerId, after.condition, after.condition, after.vin])
        : await this.dataSource.query(`${select} ${order}`, [dealerId]);
      if (this.closed) return null;
      for (const row of rows) builder.add(row);
      if (builder.size > this.maxCars) {
        this.retryAt.set(dealerId, Date.now() + RETRY_AFTER_MS);
        this.logger.log(`dealership ${dealerId} has more than ${this.maxCars} cars: its searches run in SQL (SEARCH_SNAPSHOT_MAX_CARS)`);
        return null;
      }
      if (rows.length < LOAD_CHUNK_ROWS) break;
      const last = rows[rows.length - 1];
      after = { condition: String(last.condition), vin: String(last.vin) };
    }
    // A change committed meanwhile may have been read in part: keep nothing, the next search retries.
    if ((await this.version(dealerId)) !== before) return null;
    const entry = { snapshot: builder.build(), version: before };
    // Every sort's order now, off the searches' path (~10-20 ms each for 50,000 cars), yielding between them.
    for (const sort of SORTS) {
      entry.snapshot.select(EVERY_CAR, sort, { skip: 0, take: 0 });
      await new Promise((resolve) => setImmediate(resolve));
    }
    this.install(dealerId, entry);
    this.logger.debug(`search snapshot of ${dealerId}: ${entry.snapshot.size} cars in ${Date.now() - started} ms`);
    return entry;
  }

  private install(dealerId: string, entry: Entry): void {
    this.drop(dealerId);
    for (const [oldest, old] of this.entries) {
      if (this.cars + entry.snapshot.size <= this.maxCars) break;
      this.drop(oldest, old);
    }
    this.entries.set(dealerId, entry);
    this.cars += entry.snapshot.size;
  }

  /** Forgets the dealership's snapshot (only `entry` when given: not one a newer build installed). */
  private drop(dealerId: string, entry?: Entry): void {
    const current = this.entries.get(dealerId);
    if (!current || (entry && current !== entry)) return;
    this.entries.delete(dealerId);
    this.cars -= current.snapshot.size;
  }

  private async version(dealerId: string): Promise<string> {
    const [row] = (await this.dataSource.query(READ_INVENTORY_VERSION_SQL, [dealerId])) as { version: number | string }[];
    return row ? String(row.version) : '0';
  }
}
