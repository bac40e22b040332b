import { MigrationInterface, QueryRunner } from 'typeorm';
import { canonicalizeStoredValues, RAW_TEXT_COLUMNS } from '../inventory-raw-text';
import { hasColumn } from '../mysql-schema';

/**
 * Feeds' own text of type, color, fuel_type, drive_train and transmission (`<column>_text`, what the
 * inventory endpoints show); the columns themselves now hold the canonical value search compares
 * (decisions.md section 5). Existing rows: the text is copied, then each distinct stored value with
 * a canonical value is replaced by it.
 */
export class InventoryRawText1763880500000 implements MigrationInterface {
  name = 'InventoryRawText1763880500000';

  /**
   * Runs again after a failure part-way (mysql-schema.ts: a failed data step leaves the columns
   * behind): columns already there are not added again, and text already copied is kept.
   */
  async up(q: QueryRunner): Promise<void> {
    const missing: string[] = [];
    for (const [, text] of RAW_TEXT_COLUMNS) if (!(await hasColumn(q, 'inventory_cars', text))) missing.push(text);
    if (missing.length > 0) await q.query(`ALTER TABLE inventory_cars ${missing.map((text) => `ADD COLUMN ${text} varchar(50) NULL`).join(', ')}`);
    await q.query(`UPDATE inventory_cars SET ${RAW_TEXT_COLUMNS.map(([column, text]) => `${text} = COALESCE(${text}, ${column})`).join(', ')}`);
    await canonicalizeStoredValues(q);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`UPDATE inventory_cars SET ${RAW_TEXT_COLUMNS.map(([column, text]) => `${column} = ${text}`).join(', ')}`);
    await q.query(`ALTER TABLE inventory_cars ${RAW_TEXT_COLUMNS.map(([, text]) => `DROP COLUMN ${text}`).join(', ')}`);
  }
}
