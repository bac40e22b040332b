import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, QueryRunner } from 'typeorm';
import { CarCondition, CarData } from '../../domain/car';
import { CarInventoryStore, ReplaceOutcome } from '../../domain/car-inventory.repository';
import { newUploadId, rowValues, UPSERT_COLUMNS, utcDatetime, WRITE_COLUMNS } from './car-rows';

const COLUMN_LIST = WRITE_COLUMNS.map((c) => `\`${c}\``).join(', ');
const ROW_PLACEHOLDERS = `(${WRITE_COLUMNS.map(() => '?').join(', ')})`;
const ON_DUPLICATE = `ON DUPLICATE KEY UPDATE ${UPSERT_COLUMNS.map((c) => `\`${c}\` = VALUES(\`${c}\`)`).join(', ')}`;
const LISTING_ORDER = 'ORDER BY date_created DESC, row_index ASC, vin ASC';

/**
 * MySQL/MariaDB: one transaction per upload on a dedicated connection. The file's rows are upserted
 * by VIN in multi-row statements (a car that stays keeps the date it arrived), then the rows this
 * upload did not write are deleted. Upserting beats delete-then-insert by far on InnoDB: inserting
 * over 100,000 just-deleted keys is slow, while updating rows in place mostly is not. Readers see
 * the old inventory until COMMIT; any failure rolls everything back.
 */
@Injectable()
export class MySqlCarInventoryStore extends CarInventoryStore {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {
    super();
  }

  async replace(dealerId: string, condition: CarCondition, batches: AsyncIterable<CarData[]>): Promise<ReplaceOutcome> {
    const meta = { dealerId, uploadId: newUploadId(), dateCreated: utcDatetime(new Date()) };
    return this.inTransaction(async (qr) => {
      const [{ n }] = await qr.query('SELECT COUNT(*) AS n FROM inventory_cars WHERE dealer_id = ? AND `condition` = ?', [dealerId, condition]);
      let inserted = 0;
      // One statement runs on the server while the next batch is parsed and validated here.
      let inFlight: Promise<unknown> | null = null;
      for await (const batch of batches) {
        const rows = batch.map((car, i) => rowValues(car, inserted + i, meta));
        inserted += batch.length;
        if (inFlight) await inFlight;
        inFlight = this.writeBatch(qr, rows);
        inFlight.catch(() => undefined); // observed when awaited; avoids an unhandled rejection meanwhile
      }
      if (inFlight) await inFlight;
      await qr.query('DELETE FROM inventory_cars WHERE dealer_id = ? AND `condition` = ? AND upload_id <> ?', [dealerId, condition, meta.uploadId]);
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
      return rows.map((r) => r.vin);
    });
  }

  /** One multi-row upsert. A seam for tests that inject a failure part-way through an upload. */
  async writeBatch(qr: QueryRunner, rows: unknown[][]): Promise<void> {
    if (rows.length === 0) return;
    await qr.query(`INSERT INTO inventory_cars (${COLUMN_LIST}) VALUES ${rows.map(() => ROW_PLACEHOLDERS).join(', ')} ${ON_DUPLICATE}`, rows.flat());
  }

  private async inTransaction<T>(work: (qr: QueryRunner) => Promise<T>): Promise<T> {
    const qr = this.dataSource.createQueryRunner();
    await qr.connect();
    try {
      // READ COMMITTED: no gap locks, so other dealerships' uploads never wait on this one.
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
