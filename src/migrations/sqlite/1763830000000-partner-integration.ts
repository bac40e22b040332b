import { MigrationInterface, QueryRunner } from 'typeorm';

/** Twin of the MySQL migration of the same name. */
export class PartnerIntegration1763830000000 implements MigrationInterface {
  name = 'PartnerIntegration1763830000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE partner_deliveries (
      partner_id varchar(100) NOT NULL,
      body_sha256 char(64) NOT NULL,
      dealer_id varchar(100) NOT NULL,
      received_at datetime NOT NULL,
      PRIMARY KEY (partner_id, body_sha256)
    )`);
    await q.query(`CREATE TABLE partner_delivery_audit (
      id integer PRIMARY KEY AUTOINCREMENT,
      received_at datetime NOT NULL,
      partner_id varchar(100) NULL,
      username varchar(64) NULL,
      client_address varchar(64) NULL,
      request_id varchar(128) NULL,
      outcome varchar(16) NOT NULL,
      status integer NOT NULL,
      reason varchar(100) NOT NULL,
      detail varchar(500) NULL,
      body_sha256 char(64) NULL,
      dealer_id varchar(100) NULL
    )`);
    await q.query('CREATE INDEX idx_partner_delivery_audit_received ON partner_delivery_audit (received_at)');
    await q.query('CREATE INDEX idx_partner_delivery_audit_partner ON partner_delivery_audit (partner_id, received_at)');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE partner_delivery_audit');
    await q.query('DROP TABLE partner_deliveries');
  }
}
