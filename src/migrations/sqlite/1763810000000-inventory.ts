import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Twin of the MySQL migration. Text attributes that search compares get COLLATE NOCASE so that
 * `=`, IN and their indexes compare case-insensitively here as utf8mb4_unicode_ci does on MySQL.
 */
export class Inventory1763810000000 implements MigrationInterface {
  name = 'Inventory1763810000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE inventory_cars (
      dealer_id varchar(100) NOT NULL,
      "condition" varchar(8) NOT NULL COLLATE NOCASE,
      vin varchar(17) NOT NULL COLLATE NOCASE,
      stock_number varchar(64) NULL COLLATE NOCASE,
      year integer NULL,
      manufacturer varchar(100) NULL COLLATE NOCASE,
      model varchar(100) NULL COLLATE NOCASE,
      trim varchar(100) NULL COLLATE NOCASE,
      type varchar(50) NULL COLLATE NOCASE,
      display_name varchar(320) NOT NULL,
      certified boolean NULL,
      price decimal(12,2) NULL,
      display_price integer NULL,
      currency_code varchar(8) NULL,
      kilometers integer NULL,
      color varchar(50) NULL COLLATE NOCASE,
      fuel_type varchar(50) NULL COLLATE NOCASE,
      transmission varchar(50) NULL COLLATE NOCASE,
      drive_train varchar(50) NULL COLLATE NOCASE,
      engine varchar(100) NULL,
      horse_power integer NULL,
      torque integer NULL,
      doors integer NULL,
      seats integer NULL,
      fuel_economy_city integer NULL,
      fuel_economy_highway integer NULL,
      monthly_lease_payment integer NULL,
      monthly_finance_payment integer NULL,
      options text NULL COLLATE NOCASE,
      accident boolean NULL,
      car_fax text NULL,
      description text NULL,
      site_url text NULL,
      image_url text NULL,
      image_url_list text NULL,
      video_url text NULL,
      source_id varchar(100) NULL,
      source_system varchar(100) NULL,
      stock_status varchar(50) NULL,
      is_deleted boolean NOT NULL DEFAULT 0,
      date_created datetime NOT NULL,
      row_index integer NOT NULL,
      upload_id bigint NOT NULL,
      PRIMARY KEY (dealer_id, "condition", vin)
    )`);
    await q.query('CREATE INDEX idx_inventory_cars_listing ON inventory_cars (dealer_id, "condition", date_created DESC, row_index)');
    await q.query('CREATE INDEX idx_inventory_cars_make_model ON inventory_cars (dealer_id, manufacturer, model)');
    await q.query('CREATE INDEX idx_inventory_cars_price ON inventory_cars (dealer_id, price)');
    await q.query('CREATE INDEX idx_inventory_cars_year ON inventory_cars (dealer_id, year)');
    await q.query('CREATE INDEX idx_inventory_cars_stock ON inventory_cars (dealer_id, stock_number)');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE inventory_cars');
  }
}
