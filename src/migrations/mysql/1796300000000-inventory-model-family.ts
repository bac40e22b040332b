import { MigrationInterface, QueryRunner } from 'typeorm';
import { backfillModelFamilies } from '../inventory-model-family';
import { hasColumn } from '../mysql-schema';

/**
 * Each car's model family beside its model text (`F-350` of `Super Duty F-350 DRW`; search
 * compares shoppers' model words with it), resolved for the rows there are as an upload would.
 */
export class InventoryModelFamily1796300000000 implements MigrationInterface {
  name = 'InventoryModelFamily1796300000000';

  /** Runs again after a failure part-way (mysql-schema.ts): the column is not added twice, resolved rows are kept. */
  async up(q: QueryRunner): Promise<void> {
    if (!(await hasColumn(q, 'inventory_cars', 'model_family'))) await q.query('ALTER TABLE inventory_cars ADD COLUMN model_family varchar(100) NULL');
    await backfillModelFamilies(q);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE inventory_cars DROP COLUMN model_family');
  }
}
