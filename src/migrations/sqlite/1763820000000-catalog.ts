import { MigrationInterface, QueryRunner } from 'typeorm';

/** Twin of the MySQL migration; SQLite compares text by code point (BINARY) by default. */
export class Catalog1763820000000 implements MigrationInterface {
  name = 'Catalog1763820000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE catalog_manufacturers (
      id varchar(100) NOT NULL PRIMARY KEY,
      name varchar(200) NOT NULL,
      sort_key varchar(200) NOT NULL,
      content_hash varchar(64) NOT NULL,
      created_at datetime NOT NULL,
      updated_at datetime NOT NULL
    )`);
    await q.query('CREATE INDEX idx_catalog_manufacturers_order ON catalog_manufacturers (sort_key, id)');
    await q.query(`CREATE TABLE catalog_models (
      manufacturer_id varchar(100) NOT NULL,
      id varchar(150) NOT NULL,
      model varchar(200) NOT NULL,
      sort_key varchar(200) NOT NULL,
      model_localized varchar(200) NOT NULL,
      model_display_name varchar(300) NOT NULL,
      locale varchar(35) NOT NULL,
      regions varchar(300) NOT NULL,
      type varchar(20) NULL,
      body_type varchar(20) NULL,
      fuel_type varchar(20) NULL,
      seats integer NULL,
      year integer NOT NULL,
      min_price decimal(14,2) NULL,
      max_price decimal(14,2) NULL,
      site_url varchar(1000) NOT NULL,
      image_url varchar(1000) NOT NULL,
      video_url varchar(1000) NOT NULL,
      can_test_drive boolean NOT NULL,
      content_hash varchar(64) NOT NULL,
      created_at datetime NOT NULL,
      updated_at datetime NOT NULL,
      PRIMARY KEY (manufacturer_id, id)
    )`);
    await q.query('CREATE INDEX idx_catalog_models_order ON catalog_models (manufacturer_id, sort_key, year, id)');
    await q.query(`CREATE TABLE catalog_model_regions (
      manufacturer_id varchar(100) NOT NULL,
      region varchar(2) NOT NULL,
      model_id varchar(150) NOT NULL,
      PRIMARY KEY (manufacturer_id, region, model_id)
    )`);
    await q.query(`CREATE TABLE catalog_trims (
      manufacturer_id varchar(100) NOT NULL,
      id varchar(150) NOT NULL,
      model_id varchar(150) NOT NULL,
      position integer NOT NULL,
      trim varchar(200) NOT NULL,
      trim_localized varchar(200) NOT NULL,
      trim_display_name varchar(300) NOT NULL,
      override_model_name boolean NOT NULL,
      can_test_drive boolean NOT NULL,
      year integer NOT NULL,
      site_url varchar(1000) NOT NULL,
      type varchar(20) NULL,
      car_properties text NOT NULL,
      content_hash varchar(64) NOT NULL,
      created_at datetime NOT NULL,
      updated_at datetime NOT NULL,
      PRIMARY KEY (manufacturer_id, id)
    )`);
    await q.query('CREATE INDEX idx_catalog_trims_model ON catalog_trims (manufacturer_id, model_id, position)');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE catalog_trims');
    await q.query('DROP TABLE catalog_model_regions');
    await q.query('DROP TABLE catalog_models');
    await q.query('DROP TABLE catalog_manufacturers');
  }
}
