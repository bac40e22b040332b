import { Injectable } from '@nestjs/common';
import { AppConfig } from '../../../config/app-config';
import { DealershipNotFoundError } from '../../dealership';
import { DealershipRegions } from '../domain/dealership-regions';
import { BulkInventoryResult, failedRow, RowResult } from '../domain/bulk-inventory-result';
import { CarCondition, CarData } from '../domain/car';
import { CarFeed, FeedRecord } from '../domain/car-feed';
import { CarInventoryStore, InventoryUploadLock } from '../domain/car-inventory.repository';
import { InventoryChanges } from '../domain/inventory-changes';
import { CarRowValidator } from '../domain/car-row-rules';
import { TooManyRowsError, UploadInProgressError } from '../domain/inventory.errors';
import { requiresVinCheckDigit } from '../domain/vin';

/** Validated cars handed to the store per batch: memory stays at about two batches. */
const UPLOAD_BATCH_ROWS = 200;

/**
 * Replaces all of a dealership's cars of one condition with a feed's valid rows
 * (PUT /inventory/used from CSV, PUT /inventory/new/json from JSON). One upload at a time per
 * dealership (409); the file is read row by row; rows break no rule or are reported by index;
 * over the row limit is a 413 and, like any failure part-way, changes nothing.
 */
@Injectable()
export class ReplaceInventoryUseCase {
  constructor(
    private readonly config: AppConfig,
    private readonly dealerships: DealershipRegions,
    private readonly store: CarInventoryStore,
    private readonly lock: InventoryUploadLock,
    private readonly changes: InventoryChanges,
  ) {}

  async execute(dealerId: string, condition: CarCondition, feed: CarFeed): Promise<BulkInventoryResult> {
    const region = await this.dealerships.regionOf(dealerId);
    if (region === null) throw new DealershipNotFoundError(dealerId);
    const release = await this.lock.tryAcquire(dealerId);
    if (!release) throw new UploadInProgressError();

    const records = feed.records()[Symbol.asyncIterator]();
    try {
      // The first rows (or the header's verdict) before the store opens: an unusable file costs nothing.
      const first = await records.next();
      const validator = new CarRowValidator({ condition, requireCheckDigit: requiresVinCheckDigit(region) });
      const errors: RowResult[] = [];
      const maxRows = this.config.limits.uploadRows;

      async function* validBatches(): AsyncGenerator<CarData[]> {
        let batch: CarData[] = [];
        let rows = 0;
        for (let next: IteratorResult<FeedRecord[]> = first; !next.done; next = await records.next()) {
          for (const record of next.value) {
            if (++rows > maxRows) throw new TooManyRowsError(maxRows);
            const outcome = validator.validate(record);
            if (!outcome.ok) {
              errors.push(failedRow(outcome.error));
              continue;
            }
            batch.push(outcome.car);
            if (batch.length === UPLOAD_BATCH_ROWS) {
              yield batch;
              batch = [];
            }
          }
        }
        if (batch.length > 0) yield batch;
      }

      const { deleted, inserted } = await this.store.replace(dealerId, condition, validBatches());
      this.changes.changed(dealerId);
      return {
        num_deletes: deleted,
        num_failed_deletes: 0,
        num_inserts: inserted,
        num_failed_inserts: errors.length,
        delete_errors: [],
        insert_errors: errors,
      };
    } finally {
      try {
        await records.return?.();
      } finally {
        await release();
      }
    }
  }
}
