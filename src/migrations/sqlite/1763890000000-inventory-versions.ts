import { MigrationInterface, QueryRunner } from 'typeorm';

/** Twin of the MySQL migration (see there): a counter per dealership that every inventory change increments. */
export class InventoryVersions1763890000000 implements MigrationInterface {
  name = 'InventoryVersions1763890000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query('CREATE TABLE inventory_versions (dealer_id varchar(100) NOT NULL PRIMARY KEY, version integer NOT NULL)');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE inventory_versions');
  }
}
