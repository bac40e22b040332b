import { MigrationInterface, QueryRunner } from 'typeorm';
import { hasColumn, hasIndex } from '../mysql-schema';

/**
 * Feature search reads a bitmask instead of the options text: `feature_flags` has bit `1 << i` set
 * iff `options` contains the i-th known feature (libs/common/vehicle/car-features.ts, of which
 * FEATURES is this migration's frozen copy), case-insensitively; uploads set it from then on.
 * The covering search index takes the mask in place of `doors` (16 columns is MySQL's limit; a
 * doors condition reads rows, as trim or payments do).
 */
const FEATURES = [
  'sunroof', 'panoramic sunroof', 'leather', 'leather seats', 'navigation', 'heated seats', 'heated steering wheel',
  'apple carplay', 'android auto', 'backup camera', 'bluetooth', 'keyless entry', 'adaptive cruise control',
  'cruise control', 'ventilated seats', 'blind spot', 'remote start', 'tow package', 'bed liner', 'wireless charging',
  'power liftgate', 'premium audio', 'roof rack',
];
const SEARCH_COLUMNS = 'dealer_id, is_deleted, manufacturer, model, type, year, price, kilometers, color, fuel_type, drive_train, transmission, seats';

export class InventoryFeatureFlags1763885000000 implements MigrationInterface {
  name = 'InventoryFeatureFlags1763885000000';

  /** Runs again after failing part-way (mysql-schema.ts): each step is skipped when already done. */
  async up(q: QueryRunner): Promise<void> {
    if (!(await hasColumn(q, 'inventory_cars', 'feature_flags'))) {
      await q.query('ALTER TABLE inventory_cars ADD COLUMN feature_flags int NOT NULL DEFAULT 0 AFTER display_name, DROP INDEX idx_inventory_cars_search');
    }
    // Binary comparison of the lower-cased text: a case-insensitive substring test, as the upload's.
    const mask = FEATURES.map((f, i) => `(INSTR(LOWER(options) COLLATE utf8mb4_bin, '${f}') > 0) * ${2 ** i}`).join(' + ');
    await q.query(`UPDATE inventory_cars SET feature_flags = ${mask} WHERE options IS NOT NULL AND options <> ''`);
    if (!(await hasIndex(q, 'inventory_cars', 'idx_inventory_cars_search'))) await q.query(`CREATE INDEX idx_inventory_cars_search ON inventory_cars (${SEARCH_COLUMNS}, certified, accident, feature_flags)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE inventory_cars DROP INDEX idx_inventory_cars_search, DROP COLUMN feature_flags');
    await q.query(`CREATE INDEX idx_inventory_cars_search ON inventory_cars (${SEARCH_COLUMNS}, doors, certified, accident)`);
  }
}
