import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The system-wide catalog (no dealer_id). Ids and sort keys use a binary collation so that
 * ordering is by code point, as on SQLite. Car properties are a JSON list on their trim: they are
 * always read with it and never queried on their own.
 */
export class Catalog1763820000000 implements MigrationInterface {
  name = 'Catalog1763820000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE IF NOT EXISTS catalog_manufacturers (
      id varchar(100) COLLATE utf8mb4_bin NOT NULL PRIMARY KEY,
      name varchar(200) NOT NULL,
      sort_key varchar(200) COLLATE utf8mb4_bin NOT NULL,
      content_hash char(64) NOT NULL,
      created_at datetime(3) NOT NULL,
      updated_at datetime(3) NOT NULL,
      KEY idx_catalog_manufacturers_order (sort_key, id)
    ) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci`);
    await q.query(`CREATE TABLE IF NOT EXISTS catalog_models (
      manufacturer_id varchar(100) COLLATE utf8mb4_bin NOT NULL,
      id varchar(150) COLLATE utf8mb4_bin NOT NULL,
      model varchar(200) NOT NULL,
      sort_key varchar(200) COLLATE utf8mb4_bin NOT NULL,
      model_localized varchar(200) NOT NULL,
      model_display_name varchar(300) NOT NULL,
      locale varchar(35) NOT NULL,
      regions varchar(300) NOT NULL,
      type varchar(20) NULL,
      body_type varchar(20) NULL,
      fuel_type varchar(20) NULL,
      seats int NULL,
      year int NOT NULL,
      min_price decimal(14,2) NULL,
      max_price decimal(14,2) NULL,
      site_url varchar(1000) NOT NULL,
      image_url varchar(1000) NOT NULL,
      video_url varchar(1000) NOT NULL,
      can_test_drive tinyint(1) NOT NULL,
      content_hash char(64) NOT NULL,
      created_at datetime(3) NOT NULL,
      updated_at datetime(3) NOT NULL,
      PRIMARY KEY (manufacturer_id, id),
      KEY idx_catalog_models_order (manufacturer_id, sort_key, year, id)
    ) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci`);
    // Availability: region=CA is an index range per manufacturer.
    await q.query(`CREATE TABLE IF NOT EXISTS catalog_model_regions (
      manufacturer_id varchar(100) COLLATE utf8mb4_bin NOT NULL,
      region varchar(2) COLLATE utf8mb4_bin NOT NULL,
      model_id varchar(150) COLLATE utf8mb4_bin NOT NULL,
      PRIMARY KEY (manufacturer_id, region, model_id)
    ) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci`);
    await q.query(`CREATE TABLE IF NOT EXISTS catalog_trims (
      manufacturer_id varchar(100) COLLATE utf8mb4_bin NOT NULL,
      id varchar(150) COLLATE utf8mb4_bin NOT NULL,
      model_id varchar(150) COLLATE utf8mb4_bin NOT NULL,
      position int NOT NULL,
      trim varchar(200) NOT NULL,
      trim_localized varchar(200) NOT NULL,
      trim_display_name varchar(300) NOT NULL,
      override_model_name tinyint(1) NOT NULL,
      can_test_drive tinyint(1) NOT NULL,
      year int NOT NULL,
      site_url varchar(1000) NOT NULL,
      type varchar(20) NULL,
      car_properties longtext NOT NULL,
      content_hash char(64) NOT NULL,
      created_at datetime(3) NOT NULL,
      updated_at datetime(3) NOT NULL,
      PRIMARY KEY (manufacturer_id, id),
      KEY idx_catalog_trims_model (manufacturer_id, model_id, position)
    ) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE catalog_trims');
    await q.query('DROP TABLE catalog_model_regions');
    await q.query('DROP TABLE catalog_models');
    await q.query('DROP TABLE catalog_manufacturers');
  }
}
