import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { UnavailableError } from '../../../../../libs/common/errors/domain-error';
import { InventoryUploadLock } from '../../domain/car-inventory.repository';

/**
 * Uploads holding a lock in this process at once. Each holds two pooled connections (the lock's
 * and the transaction's) of the pool's 10, so a cap keeps connections for every other request;
 * beyond it an upload is refused with 503 and Retry-After rather than waiting on the pool.
 */
const MAX_CONCURRENT_UPLOADS = 4;

/**
 * MySQL: a named lock (GET_LOCK) held by a connection of its own for the length of the upload.
 * It is server-wide, so it excludes uploads running in other API processes, and it dies with its
 * connection, so a crashed process never leaves a dealership locked. The name hashes the database
 * and the dealer id (names are limited to 64 characters).
 */
@Injectable()
export class MySqlInventoryUploadLock extends InventoryUploadLock {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {
    super();
  }

  private held = 0;

  async tryAcquire(dealerId: string): Promise<(() => Promise<void>) | null> {
    if (this.held >= MAX_CONCURRENT_UPLOADS) {
      throw new UnavailableError('Too many inventory uploads in progress on this server; retry shortly', 5, 'inventory.uploads_busy');
    }
    this.held++;
    const qr = this.dataSource.createQueryRunner();
    try {
      await qr.connect();
      const [{ got }] = await qr.query(`SELECT GET_LOCK(${MYSQL_LOCK_NAME_SQL}, 0) AS got`, [dealerId]);
      if (Number(got) !== 1) {
        await qr.release();
        this.held--;
        return null;
      }
    } catch (err) {
      await qr.release();
      this.held--;
      throw err;
    }
    return async () => {
      try {
        await qr.query(`SELECT RELEASE_LOCK(${MYSQL_LOCK_NAME_SQL})`, [dealerId]);
      } finally {
        this.held--;
        await qr.release();
      }
    };
  }
}

/** The lock name as SQL over one parameter (the dealer id). Tests take the same lock from outside. */
export const MYSQL_LOCK_NAME_SQL = "CONCAT('inventory-upload:', SHA1(CONCAT(DATABASE(), '/', ?)))";

/** SQLite: the database belongs to one process, so an in-process set of busy dealerships suffices. */
@Injectable()
export class InProcessInventoryUploadLock extends InventoryUploadLock {
  private readonly busy = new Set<string>();

  tryAcquire(dealerId: string): Promise<(() => Promise<void>) | null> {
    if (this.busy.has(dealerId)) return Promise.resolve(null);
    this.busy.add(dealerId);
    return Promise.resolve(async () => {
      this.busy.delete(dealerId);
    });
  }
}
