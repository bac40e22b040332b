import { MigrationInterface, QueryRunner } from 'typeorm';

/** SQLite twin of the MySQL migration of the same name. */
export class LeadNotifications1796400000000 implements MigrationInterface {
  name = 'LeadNotifications1796400000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE lead_notifications (
      id varchar(36) NOT NULL PRIMARY KEY,
      dealer_id varchar(100) NOT NULL,
      lead_key varchar(64) NOT NULL,
      kind varchar(24) NOT NULL,
      destination varchar(500) NOT NULL,
      subject varchar(300) NULL,
      body text NOT NULL,
      text_body text NULL,
      delivery_status varchar(16) NOT NULL,
      delivery_attempts int NOT NULL,
      delivery_error varchar(500) NULL,
      delivery_enqueued_at datetime NULL,
      sent_at datetime NULL,
      created_date datetime NOT NULL
    )`);
    await q.query('CREATE UNIQUE INDEX ux_lead_notifications_destination ON lead_notifications (dealer_id, lead_key, kind, destination)');
    await q.query('CREATE INDEX ix_lead_notifications_hand_over ON lead_notifications (delivery_status, delivery_enqueued_at, created_date)');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE lead_notifications');
  }
}
