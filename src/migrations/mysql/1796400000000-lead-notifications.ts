import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Hand-off leads' outbox (decisions.md section 9): one row per destination a lead goes to (ADF
 * email, HTML email, chat notification), committed with the assistant run that handed off. The
 * unique key makes a lead once per run and destination; the second index serves the relay's scan
 * across dealerships, as messages' does.
 */
export class LeadNotifications1796400000000 implements MigrationInterface {
  name = 'LeadNotifications1796400000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE IF NOT EXISTS lead_notifications (
      id varchar(36) NOT NULL,
      dealer_id varchar(100) NOT NULL,
      lead_key varchar(64) NOT NULL,
      kind varchar(24) NOT NULL,
      destination varchar(500) NOT NULL,
      subject varchar(300) NULL,
      body mediumtext NOT NULL,
      text_body text NULL,
      delivery_status varchar(16) NOT NULL,
      delivery_attempts int NOT NULL,
      delivery_error varchar(500) NULL,
      delivery_enqueued_at datetime(3) NULL,
      sent_at datetime(3) NULL,
      created_date datetime(3) NOT NULL,
      PRIMARY KEY (id),
      UNIQUE KEY ux_lead_notifications_destination (dealer_id, lead_key, kind, destination(191)),
      KEY ix_lead_notifications_hand_over (delivery_status, delivery_enqueued_at, created_date)
    ) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE lead_notifications');
  }
}
