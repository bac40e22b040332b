import { QueryRunner } from 'typeorm';
import {
  canonicalBodyType, canonicalColor, canonicalDriveTrain, canonicalFuelType, canonicalTransmission,
} from '../../libs/common/vehicle/canonical-values';

/** Shared by the two dialects' InventoryRawText migrations: each column with canonical values, its text column and its rule. */
export const RAW_TEXT_COLUMNS: readonly [string, string, (text: string) => string | null][] = [
  ['type', 'type_text', canonicalBodyType],
  ['color', 'color_text', canonicalColor],
  ['fuel_type', 'fuel_type_text', canonicalFuelType],
  ['drive_train', 'drive_train_text', canonicalDriveTrain],
  ['transmission', 'transmission_text', canonicalTransmission],
];

/**
 * Replaces each distinct stored value that has a canonical value by it (one UPDATE per distinct
 * value: feeds use few). Uses the word rules only: the catalog's body types apply from the next upload.
 */
export async function canonicalizeStoredValues(q: QueryRunner): Promise<void> {
  for (const [column, , rule] of RAW_TEXT_COLUMNS) {
    const rows: { value: string }[] = await q.query(`SELECT DISTINCT ${column} AS value FROM inventory_cars WHERE ${column} IS NOT NULL`);
    for (const { value } of rows) {
      const canonical = rule(value);
      if (canonical !== null && canonical !== value) await q.query(`UPDATE inventory_cars SET ${column} = ? WHERE ${column} = ?`, [canonical, value]);
    }
  }
}
