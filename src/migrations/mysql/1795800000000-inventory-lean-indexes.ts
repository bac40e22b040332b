import { MigrationInterface, QueryRunner } from 'typeorm';
import { RETIRED_INVENTORY_INDEXES } from '../inventory-lean-indexes';

/**
 * Drops the inventory indexes no query reads any more (see RETIRED_INVENTORY_INDEXES), in one
 * ALTER TABLE: MySQL commits each DDL statement at once, and one statement either drops all four
 * or none, so a failed run can simply run again.
 */
export class InventoryLeanIndexes1795800000000 implements MigrationInterface {
  name = 'InventoryLeanIndexes1795800000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE inventory_cars ${RETIRED_INVENTORY_INDEXES.map(([name]) => `DROP INDEX ${name}`).join(', ')}`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE inventory_cars ${RETIRED_INVENTORY_INDEXES.map(([name, columns]) => `ADD INDEX ${name} (${columns})`).join(', ')}`);
  }
}
