import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A counter per dealership that every replace or delete of its cars increments in its own
 * transaction: search's in-process snapshots compare it (one primary-key read) to the one they
 * were built at, so no instance serves an inventory other than the committed one.
 */
export class InventoryVersions1763890000000 implements MigrationInterface {
  name = 'InventoryVersions1763890000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE inventory_versions (
      dealer_id varchar(100) NOT NULL,
      version bigint NOT NULL,
      PRIMARY KEY (dealer_id)
    ) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE inventory_versions');
  }
}
