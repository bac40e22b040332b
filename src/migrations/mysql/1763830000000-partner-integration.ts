import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Partner webhook deliveries. Neither table is a tenant table (rows belong to a partner, and a
 * refused delivery has no dealership), so their keys lead with the partner or the time.
 */
export class PartnerIntegration1763830000000 implements MigrationInterface {
  name = 'PartnerIntegration1763830000000';

  async up(q: QueryRunner): Promise<void> {
    // The idempotency ledger: one row per distinct body a partner got accepted.
    await q.query(`CREATE TABLE IF NOT EXISTS partner_deliveries (
      partner_id varchar(100) NOT NULL,
      body_sha256 char(64) NOT NULL,
      dealer_id varchar(100) NOT NULL,
      received_at datetime(3) NOT NULL,
      PRIMARY KEY (partner_id, body_sha256)
    ) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci`);
    // Every delivery, accepted or refused; purged after 30 days.
    await q.query(`CREATE TABLE IF NOT EXISTS partner_delivery_audit (
      id bigint NOT NULL AUTO_INCREMENT PRIMARY KEY,
      received_at datetime(3) NOT NULL,
      partner_id varchar(100) NULL,
      username varchar(64) NULL,
      client_address varchar(64) NULL,
      request_id varchar(128) NULL,
      outcome varchar(16) NOT NULL,
      status int NOT NULL,
      reason varchar(100) NOT NULL,
      detail varchar(500) NULL,
      body_sha256 char(64) NULL,
      dealer_id varchar(100) NULL,
      KEY idx_partner_delivery_audit_received (received_at),
      KEY idx_partner_delivery_audit_partner (partner_id, received_at)
    ) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE partner_delivery_audit');
    await q.query('DROP TABLE partner_deliveries');
  }
}
