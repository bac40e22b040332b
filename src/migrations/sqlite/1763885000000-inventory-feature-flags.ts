import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Twin of the MySQL migration (see there): the feature mask, computed for the rows there are.
 * SQLite's rows have no primary key in their secondary indexes (they are rowid tables), so the
 * covering search index lists `condition` and `vin` itself, and keeps `doors` (no column limit).
 *
 * Beside it, the same columns in the order of each sort (NULLs last: `col IS NULL` before an
 * ascending column): a search's page is then the first matches read in that order, not a sort of
 * every match (20 of 50,000 cars: ~0.1 ms instead of ~8). The oldest-first order has none (rare).
 */
const FEATURES = [
  'sunroof', 'panoramic sunroof', 'leather', 'leather seats', 'navigation', 'heated seats', 'heated steering wheel',
  'apple carplay', 'android auto', 'backup camera', 'bluetooth', 'keyless entry', 'adaptive cruise control',
  'cruise control', 'ventilated seats', 'blind spot', 'remote start', 'tow package', 'bed liner', 'wireless charging',
  'power liftgate', 'premium audio', 'roof rack',
];
const SEARCH_COLUMNS = 'dealer_id, is_deleted, manufacturer, model, type, year, price, kilometers, color, fuel_type, drive_train, transmission, seats, doors, certified, accident';
const FILTER_COLUMNS = 'manufacturer, model, type, color, fuel_type, drive_train, transmission, seats, doors, certified, accident, feature_flags, "condition", vin';
/** Index name suffix, then the sort's columns (the rest follow). */
const ORDERED: [string, string][] = [
  ['newest', 'year DESC, price IS NULL, price, kilometers'],
  ['cheapest', 'price IS NULL, price, year DESC, kilometers'],
  ['priciest', 'price DESC, year DESC, kilometers'],
  ['mileage', 'kilometers IS NULL, kilometers, price IS NULL, price, year'],
];

export class InventoryFeatureFlags1763885000000 implements MigrationInterface {
  name = 'InventoryFeatureFlags1763885000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE inventory_cars ADD COLUMN feature_flags integer NOT NULL DEFAULT 0');
    await q.query('DROP INDEX idx_inventory_cars_search');
    const mask = FEATURES.map((f, i) => `(instr(lower(options), '${f}') > 0) * ${2 ** i}`).join(' + ');
    await q.query(`UPDATE inventory_cars SET feature_flags = ${mask} WHERE options IS NOT NULL AND options <> ''`);
    await q.query(`CREATE INDEX idx_inventory_cars_search ON inventory_cars (${SEARCH_COLUMNS}, feature_flags, "condition", vin)`);
    for (const [name, sort] of ORDERED) {
      await q.query(`CREATE INDEX idx_inventory_cars_search_${name} ON inventory_cars (dealer_id, is_deleted, ${sort}, ${FILTER_COLUMNS})`);
    }
  }

  async down(q: QueryRunner): Promise<void> {
    for (const [name] of ORDERED) await q.query(`DROP INDEX idx_inventory_cars_search_${name}`);
    await q.query('DROP INDEX idx_inventory_cars_search');
    await q.query('ALTER TABLE inventory_cars DROP COLUMN feature_flags');
    await q.query(`CREATE INDEX idx_inventory_cars_search ON inventory_cars (${SEARCH_COLUMNS})`);
  }
}
