import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * One table for new and used cars (`condition`), so search reads both with one query. Every
 * searchable attribute is a typed column; every index leads with dealer_id (tenant isolation).
 * The primary key (dealer_id, condition, vin) clusters a dealership's cars together (search scans
 * one dealership) and lets a replace upsert by VIN. `upload_id` marks the upload that last wrote a
 * row: a replace upserts the file's rows, then deletes the rows it did not write.
 * `row_index` is the row's position in that upload (listing order). `condition` is a reserved word
 * in MySQL: quote it.
 */
export class Inventory1763810000000 implements MigrationInterface {
  name = 'Inventory1763810000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE inventory_cars (
      dealer_id varchar(100) NOT NULL,
      \`condition\` varchar(8) NOT NULL,
      vin varchar(17) NOT NULL,
      stock_number varchar(64) NULL,
      year int NULL,
      manufacturer varchar(100) NULL,
      model varchar(100) NULL,
      trim varchar(100) NULL,
      type varchar(50) NULL,
      display_name varchar(320) NOT NULL,
      certified tinyint(1) NULL,
      price decimal(12,2) NULL,
      display_price int NULL,
      currency_code varchar(8) NULL,
      kilometers int NULL,
      color varchar(50) NULL,
      fuel_type varchar(50) NULL,
      transmission varchar(50) NULL,
      drive_train varchar(50) NULL,
      engine varchar(100) NULL,
      horse_power int NULL,
      torque int NULL,
      doors int NULL,
      seats int NULL,
      fuel_economy_city int NULL,
      fuel_economy_highway int NULL,
      monthly_lease_payment int NULL,
      monthly_finance_payment int NULL,
      options text NULL,
      accident tinyint(1) NULL,
      car_fax text NULL,
      description text NULL,
      site_url text NULL,
      image_url text NULL,
      image_url_list text NULL,
      video_url text NULL,
      source_id varchar(100) NULL,
      source_system varchar(100) NULL,
      stock_status varchar(50) NULL,
      is_deleted tinyint(1) NOT NULL DEFAULT 0,
      date_created datetime(3) NOT NULL,
      row_index int NOT NULL,
      upload_id bigint NOT NULL,
      PRIMARY KEY (dealer_id, \`condition\`, vin),
      KEY idx_inventory_cars_listing (dealer_id, \`condition\`, date_created DESC, row_index),
      KEY idx_inventory_cars_make_model (dealer_id, manufacturer, model),
      KEY idx_inventory_cars_price (dealer_id, price),
      KEY idx_inventory_cars_year (dealer_id, year),
      KEY idx_inventory_cars_stock (dealer_id, stock_number)
    ) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE inventory_cars');
  }
}
