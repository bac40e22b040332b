import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { InventoryUploadLock } from '../../domain/car-inventory.repository';

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

  async tryAcquire(dealerId: string): Promise<(() => Promise<void>) | null> {
    const qr = this.dataSource.createQueryRunner();
    await qr.connect();
    try {
      const [{ got }] = await qr.query(`SELECT GET_LOCK(${MYSQL_LOCK_NAME_SQL}, 0) AS got`, [dealerId]);
      if (Number(got) !== 1) {
        await qr.release();
        return null;
      }
    } catch (err) {
      await qr.release();
      throw err;
    }
    return async () => {
      try {
        await qr.query(`SELECT RELEASE_LOCK(${MYSQL_LOCK_NAME_SQL})`, [dealerId]);
      } finally {
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
