import { Injectable } from '@nestjs/common';
import { DeleteAllResult } from '../domain/bulk-inventory-result';
import { CarInventoryStore, InventoryUploadLock } from '../domain/car-inventory.repository';
import { InventoryChanges } from '../domain/inventory-changes';
import { UploadInProgressError } from '../domain/inventory.errors';

/** DELETE /inventory/new: removes every new car; not while an upload runs for the dealership (409). */
@Injectable()
export class DeleteNewInventoryUseCase {
  constructor(
    private readonly store: CarInventoryStore,
    private readonly lock: InventoryUploadLock,
    private readonly changes: InventoryChanges,
  ) {}

  async execute(dealerId: string): Promise<DeleteAllResult> {
    const release = await this.lock.tryAcquire(dealerId);
    if (!release) throw new UploadInProgressError();
    try {
      const vins = await this.store.deleteAll(dealerId, 'new');
      this.changes.changed(dealerId);
      return { rows: vins.map((vin, index) => ({ index, id: vin, error: null, has_error: false })), has_error: false };
    } finally {
      await release();
    }
  }
}
