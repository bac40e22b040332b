import { MigrationInterface, QueryRunner } from 'typeorm';

export class Foundation1763800000000 implements MigrationInterface {
  name = 'Foundation1763800000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE IF NOT EXISTS dealerships (
      id varchar(100) NOT NULL PRIMARY KEY,
      name varchar(200) NOT NULL,
      region varchar(8) NOT NULL,
      status varchar(16) NOT NULL DEFAULT 'active',
      profile longtext NOT NULL,
      created_at datetime(3) NOT NULL,
      updated_at datetime(3) NOT NULL
    ) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci`);
    await q.query(`CREATE TABLE IF NOT EXISTS partners (
      id varchar(100) NOT NULL PRIMARY KEY,
      name varchar(200) NOT NULL,
      created_at datetime(3) NOT NULL
    ) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci`);
    await q.query(`CREATE TABLE IF NOT EXISTS credentials (
      username varchar(64) NOT NULL PRIMARY KEY,
      kind varchar(16) NOT NULL,
      dealer_id varchar(100) NULL,
      partner_id varchar(100) NULL,
      secret_hash varchar(255) NOT NULL,
      created_at datetime(3) NOT NULL,
      revoked_at datetime(3) NULL,
      KEY idx_credentials_dealer (dealer_id, revoked_at),
      KEY idx_credentials_partner (partner_id, revoked_at)
    ) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci`);
    await q.query(`CREATE TABLE IF NOT EXISTS integration_configs (
      dealer_id varchar(100) NOT NULL,
      \`key\` varchar(100) NOT NULL,
      subscription_id varchar(200) NOT NULL DEFAULT '',
      created_at datetime(3) NOT NULL,
      updated_at datetime(3) NOT NULL,
      PRIMARY KEY (dealer_id, \`key\`)
    ) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE integration_configs');
    await q.query('DROP TABLE credentials');
    await q.query('DROP TABLE partners');
    await q.query('DROP TABLE dealerships');
  }
}
