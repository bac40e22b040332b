import { PassThrough, Readable, Writable } from 'node:stream';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, QueryRunner } from 'typeorm';
import { CarCondition, CarData } from '../../domain/car';
import { CarInventoryStore, ReplaceOutcome } from '../../domain/car-inventory.repository';
import { bumpInventoryVersionSql } from './inventory-versions';
import { newUploadId, RowMeta, rowValues, tsvLine, UPSERT_COLUMNS, utcDatetime, WRITE_COLUMNS } from './car-rows';

const COLUMN_LIST = WRITE_COLUMNS.map((c) => `\`${c}\``).join(', ');
const ROW_PLACEHOLDERS = `(${WRITE_COLUMNS.map(() => '?').join(', ')})`;
const ON_DUPLICATE = `ON DUPLICATE KEY UPDATE ${UPSERT_COLUMNS.map((c) => `\`${c}\` = VALUES(\`${c}\`)`).join(', ')}`;
/** LOAD DATA's default format (tab-separated, backslash escapes, \N for NULL) from our own stream. */
const LOAD_SQL = `LOAD DATA LOCAL INFILE 'inventory-upload.tsv' REPLACE INTO TABLE inventory_cars CHARACTER SET utf8mb4 (${COLUMN_LIST})`;
/** The dealership's inventory version (inventory-versions.ts), incremented in each change's transaction. */
const BUMP_VERSION = bumpInventoryVersionSql('mysql');
const LISTING_ORDER = 'ORDER BY date_created DESC, row_index ASC, vin ASC';
/** LOAD DATA stream chunks stay far below the 16 MB protocol packet. */
const LOAD_CHUNK_CHARS = 256 * 1024;

/** Bytes queued on the connection's socket before a LOAD DATA writer waits for the server. */
const SOCKET_BACKLOG_BYTES = 1024 * 1024;

/** Where a batch goes: a LOAD DATA stream, or multi-row statements on the transaction's connection. */
type BatchSink = { kind: 'load'; stream: PassThrough; socket: Writable } | { kind: 'insert'; qr: QueryRunner };

interface MySqlConnection {
  /** The socket to the server. */
  stream: Writable;
  query(options: { sql: string; infileStreamFactory?: (path: string) => Readable }, callback: (err: Error | null) => void): void;
}

/**
 * MySQL/MariaDB: one transaction per upload on a dedicated connection, READ COMMITTED (no gap
 * locks, so other dealerships' uploads never wait on this one). The file's rows replace rows of
 * the same VIN in place (REPLACE on the primary key is an update in InnoDB), then the rows this
 * upload did not write are deleted. Inserting over 100,000 just-deleted keys is several times
 * slower on InnoDB, hence no DELETE first. Readers see the old inventory until COMMIT; any failure
 * rolls everything back.
 *
 * The rows travel by LOAD DATA LOCAL INFILE fed from a stream while the file is still being read
 * (MySQL's fastest bulk path: no SQL to parse per row), when the server allows it (local_infile);
 * otherwise by multi-row INSERT ... ON DUPLICATE KEY UPDATE, one statement in flight while the
 * next batch is validated.
 */
@Injectable()
export class MySqlCarInventoryStore extends CarInventoryStore {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {
    super();
  }

  async replace(dealerId: string, condition: CarCondition, batches: AsyncIterable<CarData[]>): Promise<ReplaceOutcome> {
    const meta: RowMeta = { dealerId, uploadId: newUploadId(), dateCreated: utcDatetime(new Date()) };
    return this.inTransaction(async (qr) => {
      const [{ n }] = await qr.query('SELECT COUNT(*) AS n FROM inventory_cars WHERE dealer_id = ? AND `condition` = ?', [dealerId, condition]);
      const inserted = (await this.loadDataAllowed(qr)) ? await this.loadBatches(qr, batches, meta) : await this.insertBatches(qr, batches, meta);
      await qr.query('DELETE FROM inventory_cars WHERE dealer_id = ? AND `condition` = ? AND upload_id <> ?', [dealerId, condition, meta.uploadId]);
      // Last, so the counter's row lock is held only until the commit just after.
      await qr.query(BUMP_VERSION, [dealerId]);
      return { deleted: Number(n), inserted };
    });
  }

  async deleteAll(dealerId: string, condition: CarCondition): Promise<string[]> {
    return this.inTransaction(async (qr) => {
      const rows: { vin: string }[] = await qr.query(
        `SELECT vin FROM inventory_cars WHERE dealer_id = ? AND \`condition\` = ? AND is_deleted = 0 ${LISTING_ORDER} FOR UPDATE`,
        [dealerId, condition],
      );
      await qr.query('DELETE FROM inventory_cars WHERE dealer_id = ? AND `condition` = ?', [dealerId, condition]);
      await qr.query(BUMP_VERSION, [dealerId]);
      return rows.map((r) => r.vin);
    });
  }

  /**
   * Whether the server accepts LOAD DATA LOCAL (local_infile). Asked on its own: MariaDB answers 0
   * for a system variable selected beside an aggregate. Tests switch it off to cover the other path.
   */
  async loadDataAllowed(qr: QueryRunner): Promise<boolean> {
    const [{ allowed }] = await qr.query('SELECT @@GLOBAL.local_infile AS allowed');
    return Number(allowed) === 1;
  }

  /**
   * Writes one batch (rows `firstRow`.. of the upload) to the sink. A seam for tests that inject a
   * failure part-way through an upload.
   */
  async writeBatch(sink: BatchSink, cars: CarData[], firstRow: number, meta: RowMeta): Promise<void> {
    if (cars.length === 0) return;
    if (sink.kind === 'insert') {
      const values = cars.flatMap((car, i) => rowValues(car, firstRow + i, meta));
      await sink.qr.query(`INSERT INTO inventory_cars (${COLUMN_LIST}) VALUES ${cars.map(() => ROW_PLACEHOLDERS).join(', ')} ${ON_DUPLICATE}`, values);
      return;
    }
    let chunk = '';
    for (let i = 0; i < cars.length; i++) {
      chunk += tsvLine(cars[i], firstRow + i, meta);
      if (chunk.length >= LOAD_CHUNK_CHARS) {
        await writeTo(sink, chunk);
        chunk = '';
      }
    }
    if (chunk !== '') await writeTo(sink, chunk);
  }

  private async loadBatches(qr: QueryRunner, batches: AsyncIterable<CarData[]>, meta: RowMeta): Promise<number> {
    const stream = new PassThrough({ highWaterMark: 256 * 1024 });
    // Failures reach the caller through `loaded` and the writer; an 'error' must not also go unhandled.
    stream.on('error', () => undefined);
    const connection = (qr as unknown as { databaseConnection: MySqlConnection }).databaseConnection;
    const loaded = new Promise<void>((resolve, reject) => {
      // A writer that failed before the server asked for the data sends it an empty file instead.
      const factory = () => (stream.destroyed ? Readable.from([]) : stream);
      connection.query({ sql: LOAD_SQL, infileStreamFactory: factory }, (err) => (err ? reject(err) : resolve()));
    });
    // A LOAD that fails early stops the writer instead of leaving it waiting for 'drain'.
    loaded.catch((err: Error) => stream.destroy(err));
    let inserted = 0;
    try {
      for await (const batch of batches) {
        await this.writeBatch({ kind: 'load', stream, socket: connection.stream }, batch, inserted, meta);
        inserted += batch.length;
      }
    } catch (err) {
      // Ends the transfer; the server stops reading and the caller rolls the transaction back.
      stream.destroy(err as Error);
      await loaded.catch(() => undefined);
      throw err;
    }
    stream.end();
    await loaded;
    return inserted;
  }

  private async insertBatches(qr: QueryRunner, batches: AsyncIterable<CarData[]>, meta: RowMeta): Promise<number> {
    let inserted = 0;
    // One statement runs on the server while the next batch is read and validated here.
    let inFlight: Promise<unknown> | null = null;
    for await (const batch of batches) {
      if (inFlight) await inFlight;
      inFlight = this.writeBatch({ kind: 'insert', qr }, batch, inserted, meta);
      inserted += batch.length;
      inFlight.catch(() => undefined); // observed when awaited; avoids an unhandled rejection meanwhile
    }
    if (inFlight) await inFlight;
    return inserted;
  }

  private async inTransaction<T>(work: (qr: QueryRunner) => Promise<T>): Promise<T> {
    const qr = this.dataSource.createQueryRunner();
    await qr.connect();
    try {
      await qr.startTransaction('READ COMMITTED');
      const result = await work(qr);
      await qr.commitTransaction();
      return result;
    } catch (err) {
      if (qr.isTransactionActive) await qr.rollbackTransaction().catch(() => undefined);
      throw err;
    } finally {
      await qr.release();
    }
  }
}

/**
 * Writes with backpressure, on our stream and on the socket: mysql2 forwards LOAD DATA chunks to
 * the socket without waiting for it, so a writer that outran the server would queue the whole
 * file in memory. Fails instead of waiting forever when the stream was destroyed.
 */
async function writeTo(sink: { stream: PassThrough; socket: Writable }, chunk: string): Promise<void> {
  const { stream, socket } = sink;
  if (stream.destroyed) throw stream.errored ?? new Error('The LOAD DATA stream is closed');
  if (!stream.write(chunk)) await drained(stream);
  if (socket.writableLength > SOCKET_BACKLOG_BYTES) await drained(socket);
}

function drained(target: Writable): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const settle = (err?: Error) => {
      target.off('drain', onDrain);
      target.off('close', onClose);
      if (err) reject(err);
      else resolve();
    };
    const onDrain = () => settle();
    const onClose = () => settle(target.errored ?? new Error('The connection to the database closed during an upload'));
    target.on('drain', onDrain);
    target.on('close', onClose);
  });
}
