import { MigrationInterface, QueryRunner } from 'typeorm';
import { backfillModelFamilies } from '../inventory-model-family';

/** Twin of the MySQL migration (see there): the model family column, resolved for the rows there are. */
export class InventoryModelFamily1796300000000 implements MigrationInterface {
  name = 'InventoryModelFamily1796300000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE inventory_cars ADD COLUMN model_family varchar(100) NULL');
    await backfillModelFamilies(q);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE inventory_cars DROP COLUMN model_family');
  }
}
