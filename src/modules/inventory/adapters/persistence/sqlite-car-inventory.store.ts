import * as fs from 'node:fs';
import * as path from 'node:path';
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { Injectable } from '@nestjs/common';
import type { Database, Statement } from 'better-sqlite3';
import { DataSource } from 'typeorm';
import { UnavailableError } from '../../../../../libs/common/errors/domain-error';
import { CarCondition, CarData } from '../../domain/car';
import { CarInventoryStore, ReplaceOutcome } from '../../domain/car-inventory.repository';
import { newUploadId, RowMeta, rowValues, UPSERT_COLUMNS, utcDatetime, WRITE_BATCH_ROWS, WRITE_COLUMNS } from './car-rows';
import { bumpInventoryVersionSql } from './inventory-versions';
import { swapOnWorker } from './sqlite-swap-worker';
import { inSqliteWriteTurn } from '../../../../../libs/common/persistence/sqlite-write-queue';
import { OwnedUploadFiles } from '../http/upload-folder';

const UPSERT_SQL = `INSERT INTO inventory_cars (${WRITE_COLUMNS.map((c) => `"${c}"`).join(', ')})
  VALUES (${WRITE_COLUMNS.map(() => '?').join(', ')})
  ON CONFLICT (dealer_id, "condition", vin) DO UPDATE SET ${UPSERT_COLUMNS.map((c) => `"${c}" = excluded."${c}"`).join(', ')}`;
const COUNT_SQL = 'SELECT COUNT(*) AS n FROM inventory_cars WHERE dealer_id = ? AND "condition" = ?';
const STALE_SQL = 'DELETE FROM inventory_cars WHERE dealer_id = ? AND "condition" = ? AND upload_id <> ?';
/** The dealership's inventory version (inventory-versions.ts), incremented in each change's transaction. */
const BUMP_VERSION_SQL = bumpInventoryVersionSql('sqlite');
const LISTING_ORDER = 'ORDER BY date_created DESC, row_index ASC, vin ASC';
const IDLE_WAIT_MS = 30_000;

/**
 * SQLite: the embedded driver has ONE connection shared by every request, so a transaction held
 * open across the upload's awaits would swallow other requests' statements. The validated rows are
 * therefore staged in an NDJSON file in the upload folder (bounded memory; owned while in use, so
 * only what a crash left there is swept) and swapped in by one transaction on a worker thread with its own
 * connection (swapOnWorker): the event loop stays free, and a throw rolls it all back. The swap
 * upserts by VIN and deletes the rows the upload did not write, like the MySQL store.
 */
@Injectable()
export class SqliteCarInventoryStore extends CarInventoryStore {
  private statements: { db: Database; vins: Statement; deleteAll: Statement; bump: Statement } | null = null;

  constructor(
    private readonly dataSource: DataSource,
    /** Where the staged rows are written: the upload folder, swept of the files no request owns. */
    private readonly stagingFolder: string,
    private readonly owned: OwnedUploadFiles,
  ) {
    super();
  }

  async replace(dealerId: string, condition: CarCondition, batches: AsyncIterable<CarData[]>): Promise<ReplaceOutcome> {
    fs.mkdirSync(this.stagingFolder, { recursive: true });
    const staging = path.join(this.stagingFolder, `inventory-staging-${randomUUID()}.ndjson`);
    const meta = { dealerId, uploadId: newUploadId(), dateCreated: utcDatetime(new Date()) };
    this.owned.own(staging);
    try {
      // Staged as the statement's parameters, so the swap allocates little: it is one synchronous
      // task, during which V8 collects garbage less readily.
      await stage(batches, staging, (car, row) => this.stagedRow(car, row, meta));
      const databaseFile = this.dataSource.options.database as string;
      // In the process's SQLite write turn: this process's transactions wait for the swap without
      // blocking the event loop (better-sqlite3 would wait out the worker's lock synchronously).
      return await inSqliteWriteTurn(this.dataSource, () => swapOnWorker({
        databaseFile, staging, dealerId, condition, uploadId: meta.uploadId,
        upsertSql: UPSERT_SQL, countSql: COUNT_SQL, staleSql: STALE_SQL, bumpSql: BUMP_VERSION_SQL, batchRows: WRITE_BATCH_ROWS,
      }));
    } finally {
      fs.rmSync(staging, { force: true });
      this.owned.release(staging);
    }
  }

  async deleteAll(dealerId: string, condition: CarCondition): Promise<string[]> {
    const db = await this.idleConnection();
    const s = this.prepared(db);
    return db.transaction(() => {
      const vins = (s.vins.all(dealerId, condition) as { vin: string }[]).map((r) => r.vin);
      s.deleteAll.run(dealerId, condition);
      s.bump.run(dealerId);
      return vins;
    })();
  }

  /** The upsert's parameters of one car, as staged. A seam for tests that make the swap fail part-way. */
  stagedRow(car: CarData, rowIndex: number, meta: RowMeta): unknown[] {
    return rowValues(car, rowIndex, meta).map(toSqlite);
  }

  /** The raw connection, once no TypeORM transaction is open on it (ours must not nest in another). */
  private async idleConnection(): Promise<Database> {
    const db = (this.dataSource.driver as unknown as { databaseConnection: Database }).databaseConnection;
    const deadline = Date.now() + IDLE_WAIT_MS;
    while (db.inTransaction) {
      if (Date.now() > deadline) throw new UnavailableError('The database is busy; retry the upload');
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    return db;
  }

  private prepared(db: Database) {
    if (this.statements?.db !== db) {
      this.statements = {
        db,
        vins: db.prepare(`SELECT vin FROM inventory_cars WHERE dealer_id = ? AND "condition" = ? AND is_deleted = 0 ${LISTING_ORDER}`),
        deleteAll: db.prepare('DELETE FROM inventory_cars WHERE dealer_id = ? AND "condition" = ?'),
        bump: db.prepare(BUMP_VERSION_SQL),
      };
    }
    return this.statements;
  }
}

/** better-sqlite3 binds no booleans. */
function toSqlite(value: unknown): unknown {
  return typeof value === 'boolean' ? (value ? 1 : 0) : value;
}

/** Writes each car as a JSON array of the upsert's parameters, one a line; returns the count. */
async function stage(batches: AsyncIterable<CarData[]>, file: string, toRow: (car: CarData, rowIndex: number) => unknown[]): Promise<number> {
  // Opened synchronously: the caller's cleanup must never race an asynchronous open.
  const out = fs.createWriteStream(file, { fd: fs.openSync(file, 'wx') });
  // A write still in flight when the batches fail is destroyed with the stream: its error is expected
  // (the batches' error is the one that counts; `once` below still rejects on a real write error).
  out.on('error', () => undefined);
  let rows = 0;
  try {
    for await (const batch of batches) {
      let chunk = '';
      for (const car of batch) chunk += JSON.stringify(toRow(car, rows++)) + '\n';
      if (!out.write(chunk)) await once(out, 'drain');
    }
    out.end();
    await once(out, 'finish');
    return rows;
  } finally {
    out.destroy();
  }
}
