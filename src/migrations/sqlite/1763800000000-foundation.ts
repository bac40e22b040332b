import { MigrationInterface, QueryRunner } from 'typeorm';

export class Foundation1763800000000 implements MigrationInterface {
  name = 'Foundation1763800000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE dealerships (
      id varchar(100) NOT NULL PRIMARY KEY,
      name varchar(200) NOT NULL,
      region varchar(8) NOT NULL,
      status varchar(16) NOT NULL DEFAULT 'active',
      profile text NOT NULL,
      created_at datetime NOT NULL,
      updated_at datetime NOT NULL
    )`);
    await q.query(`CREATE TABLE partners (
      id varchar(100) NOT NULL PRIMARY KEY,
      name varchar(200) NOT NULL,
      created_at datetime NOT NULL
    )`);
    await q.query(`CREATE TABLE credentials (
      username varchar(64) NOT NULL PRIMARY KEY,
      kind varchar(16) NOT NULL,
      dealer_id varchar(100) NULL,
      partner_id varchar(100) NULL,
      secret_hash varchar(255) NOT NULL,
      created_at datetime NOT NULL,
      revoked_at datetime NULL
    )`);
    await q.query('CREATE INDEX idx_credentials_dealer ON credentials (dealer_id, revoked_at)');
    await q.query('CREATE INDEX idx_credentials_partner ON credentials (partner_id, revoked_at)');
    await q.query(`CREATE TABLE integration_configs (
      dealer_id varchar(100) NOT NULL,
      "key" varchar(100) NOT NULL,
      subscription_id varchar(200) NOT NULL DEFAULT '',
      created_at datetime NOT NULL,
      updated_at datetime NOT NULL,
      PRIMARY KEY (dealer_id, "key")
    )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE integration_configs');
    await q.query('DROP TABLE credentials');
    await q.query('DROP TABLE partners');
    await q.query('DROP TABLE dealerships');
  }
}
