import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A covering index for natural-language search: a dealership's cars can be filtered, counted and
 * ordered on these columns without reading the wide rows (InnoDB appends the primary key, so
 * `condition` and `vin` are covered too). 16 columns is InnoDB's limit; the rarer attributes
 * (trim, options, payments, horse power, stock number) still read rows.
 */
export class InventorySearchIndex1763850000000 implements MigrationInterface {
  name = 'InventorySearchIndex1763850000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE INDEX idx_inventory_cars_search ON inventory_cars (dealer_id, is_deleted, manufacturer, model, type, year, price,
      kilometers, color, fuel_type, drive_train, transmission, seats, doors, certified, accident)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP INDEX idx_inventory_cars_search ON inventory_cars');
  }
}
