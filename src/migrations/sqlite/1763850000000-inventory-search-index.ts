import { MigrationInterface, QueryRunner } from 'typeorm';

/** The twin of the MySQL covering index for natural-language search (see there). */
export class InventorySearchIndex1763850000000 implements MigrationInterface {
  name = 'InventorySearchIndex1763850000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE INDEX idx_inventory_cars_search ON inventory_cars (dealer_id, is_deleted, manufacturer, model, type, year, price,
      kilometers, color, fuel_type, drive_train, transmission, seats, doors, certified, accident)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP INDEX idx_inventory_cars_search');
  }
}
