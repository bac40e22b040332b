import { MigrationInterface, QueryRunner } from 'typeorm';
import { canonicalizeStoredValues, RAW_TEXT_COLUMNS } from '../inventory-raw-text';

/**
 * Feeds' own text of type, color, fuel_type, drive_train and transmission (`<column>_text`, what the
 * inventory endpoints show); the columns themselves now hold the canonical value search compares
 * (decisions.md section 5). Existing rows: the text is copied, then each distinct stored value with
 * a canonical value is replaced by it.
 */
export class InventoryRawText1763880500000 implements MigrationInterface {
  name = 'InventoryRawText1763880500000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE inventory_cars ${RAW_TEXT_COLUMNS.map(([, text]) => `ADD COLUMN ${text} varchar(50) NULL`).join(', ')}`);
    await q.query(`UPDATE inventory_cars SET ${RAW_TEXT_COLUMNS.map(([column, text]) => `${text} = ${column}`).join(', ')}`);
    await canonicalizeStoredValues(q);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`UPDATE inventory_cars SET ${RAW_TEXT_COLUMNS.map(([column, text]) => `${column} = ${text}`).join(', ')}`);
    await q.query(`ALTER TABLE inventory_cars ${RAW_TEXT_COLUMNS.map(([, text]) => `DROP COLUMN ${text}`).join(', ')}`);
  }
}
