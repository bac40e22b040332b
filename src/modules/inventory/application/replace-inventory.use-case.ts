import { Injectable } from '@nestjs/common';
import { AppConfig } from '../../../config/app-config';
import { DealershipNotFoundError } from '../../dealership';
import { DealershipRegions } from '../domain/dealership-regions';
import { ServiceMetrics } from '../../../../libs/common/metrics/service-metrics';
import { ModelFamilyResolver } from '../../../../libs/common/vehicle/model-family';
import { BulkInventoryResult, failedRow, RowResult } from '../domain/bulk-inventory-result';
import { CarCondition, CarData } from '../domain/car';
import { CarFeed, FeedRecord } from '../domain/car-feed';
import { CarInventoryRepository, CarInventoryStore, InventoryUploadLock } from '../domain/car-inventory.repository';
import { CatalogBodyTypes, catalogBodyTypeLookup } from '../domain/catalog-body-types';
import { InventoryChanges } from '../domain/inventory-changes';
import { CarRowValidator } from '../domain/car-row-rules';
import { TooManyFailedRowsError, TooManyRowsError, UploadInProgressError } from '../domain/inventory.errors';
import { requiresVinCheckDigit } from '../domain/vin';

/** Validated cars handed to the store per batch: memory stays at about two batches. */
const UPLOAD_BATCH_ROWS = 200;

export interface ReplaceOptions {
  /** Validate and answer the result, change nothing (`num_deletes`: what would be removed). */
  dryRun?: boolean;
  /** 0..1: a larger share of refused rows refuses the whole upload (422), changing nothing. */
  maxFailedRatio?: number;
}

/** Thrown out of the batches when the share of refused rows is over the limit: the store rolls back. */
class RefusedUpload extends Error {}

/**
 * Replaces all of a dealership's cars of one condition with a feed's valid rows
 * (PUT /inventory/used from CSV, PUT /inventory/new/json from JSON). One upload at a time per
 * dealership (409); the file is read row by row; rows break no rule or are reported by index;
 * over the row limit is a 413 and, like any failure part-way, changes nothing. A dry run validates
 * the same way and changes nothing; so does an upload refused by its maxFailedRatio (422).
 */
@Injectable()
export class ReplaceInventoryUseCase {
  constructor(
    private readonly config: AppConfig,
    private readonly dealerships: DealershipRegions,
    private readonly store: CarInventoryStore,
    private readonly cars: CarInventoryRepository,
    private readonly lock: InventoryUploadLock,
    private readonly changes: InventoryChanges,
    private readonly catalog: CatalogBodyTypes,
    private readonly metrics: ServiceMetrics,
  ) {}

  async execute(dealerId: string, condition: CarCondition, feed: CarFeed, options: ReplaceOptions = {}): Promise<BulkInventoryResult> {
    const region = await this.dealerships.regionOf(dealerId);
    if (region === null) throw new DealershipNotFoundError(dealerId);
    // A dry run writes nothing, so it neither waits for nor blocks a real upload.
    const release = options.dryRun ? async () => undefined : await this.lock.tryAcquire(dealerId);
    if (!release) throw new UploadInProgressError();

    const records = feed.records()[Symbol.asyncIterator]();
    try {
      // The first rows (or the header's verdict) before the store opens: an unusable file costs nothing.
      const first = await records.next();
      const catalogModels = await this.catalog.modelTypes();
      const validator = new CarRowValidator({
        condition,
        requireCheckDigit: requiresVinCheckDigit(region),
        milesByDefault: region.toUpperCase() === 'US',
        catalogBodyType: catalogBodyTypeLookup(catalogModels),
      });
      // Each car's model family, against the catalog and the feed's own names (its trims end model texts)
      const families = new ModelFamilyResolver(catalogModels);
      const errors: RowResult[] = [];
      const maxRows = this.config.limits.uploadRows;
      let valid = 0;
      const overRatio = () => options.maxFailedRatio !== undefined && errors.length > options.maxFailedRatio * (valid + errors.length);

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
            valid++;
            families.noteTrim(outcome.car.trim);
            outcome.car.model_family = families.familyOf(outcome.car.manufacturer, outcome.car.model);
            batch.push(outcome.car);
            if (batch.length === UPLOAD_BATCH_ROWS) {
              yield batch;
              batch = [];
            }
          }
        }
        if (batch.length > 0) yield batch;
        // Before the store commits: a refused upload rolls back like any failure part-way.
        if (overRatio()) throw new RefusedUpload();
      }

      const result = (deleted: number): BulkInventoryResult => ({
        num_deletes: deleted,
        num_failed_deletes: 0,
        num_inserts: valid,
        num_failed_inserts: errors.length,
        delete_errors: [],
        insert_errors: errors,
      });
      const refused = async (): Promise<never> => {
        if (!options.dryRun) this.metrics.uploadRows(condition, 0, errors.length);
        throw new TooManyFailedRowsError(result(await this.cars.count(dealerId, condition)), options.maxFailedRatio!);
      };

      let deleted: number;
      try {
        if (options.dryRun) {
          for await (const _batch of validBatches()) void _batch;
          deleted = await this.cars.count(dealerId, condition);
        } else {
          deleted = (await this.store.replace(dealerId, condition, validBatches())).deleted;
        }
      } catch (err) {
        if (err instanceof RefusedUpload) return await refused();
        throw err;
      }
      if (options.dryRun) return result(deleted);
      this.changes.changed(dealerId);
      this.metrics.uploadRows(condition, valid, errors.length);
      return result(deleted);
    } finally {
      try {
        await records.return?.();
      } finally {
        await release();
      }
    }
  }
}
