import { MigrationInterface, QueryRunner } from 'typeorm';

/** SQLite twin of the MySQL migration of the same name. */
export class MessageDeliveryHandOver1795700000000 implements MigrationInterface {
  name = 'MessageDeliveryHandOver1795700000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE messages ADD COLUMN delivery_enqueued_at datetime NULL');
    await q.query('CREATE INDEX ix_messages_delivery_hand_over ON messages (delivery_status, delivery_enqueued_at, date_created)');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP INDEX ix_messages_delivery_hand_over');
    await q.query('ALTER TABLE messages DROP COLUMN delivery_enqueued_at');
  }
}
