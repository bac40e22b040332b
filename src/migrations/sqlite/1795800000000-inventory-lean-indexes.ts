import { MigrationInterface, QueryRunner } from 'typeorm';
import { RETIRED_INVENTORY_INDEXES } from '../inventory-lean-indexes';

/** Drops the inventory indexes no query reads any more (see RETIRED_INVENTORY_INDEXES). */
export class InventoryLeanIndexes1795800000000 implements MigrationInterface {
  name = 'InventoryLeanIndexes1795800000000';

  async up(q: QueryRunner): Promise<void> {
    for (const [name] of RETIRED_INVENTORY_INDEXES) await q.query(`DROP INDEX ${name}`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const [name, columns] of RETIRED_INVENTORY_INDEXES) await q.query(`CREATE INDEX ${name} ON inventory_cars (${columns})`);
  }
}
