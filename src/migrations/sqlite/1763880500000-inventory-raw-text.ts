import { MigrationInterface, QueryRunner } from 'typeorm';
import { canonicalizeStoredValues, RAW_TEXT_COLUMNS } from '../inventory-raw-text';

/** The twin of the MySQL migration (see there): raw feed text beside the canonical values. */
export class InventoryRawText1763880500000 implements MigrationInterface {
  name = 'InventoryRawText1763880500000';

  async up(q: QueryRunner): Promise<void> {
    for (const [, text] of RAW_TEXT_COLUMNS) await q.query(`ALTER TABLE inventory_cars ADD COLUMN ${text} varchar(50) NULL`);
    await q.query(`UPDATE inventory_cars SET ${RAW_TEXT_COLUMNS.map(([column, text]) => `${text} = ${column}`).join(', ')}`);
    await canonicalizeStoredValues(q);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`UPDATE inventory_cars SET ${RAW_TEXT_COLUMNS.map(([column, text]) => `${column} = ${text}`).join(', ')}`);
    for (const [, text] of RAW_TEXT_COLUMNS) await q.query(`ALTER TABLE inventory_cars DROP COLUMN ${text}`);
  }
}
