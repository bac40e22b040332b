import { MigrationInterface, QueryRunner } from 'typeorm';
import { hasColumn, hasIndex } from '../mysql-schema';

/**
 * Engagement's outbox: an outbound message row is its delivery job, committed with it.
 * `delivery_enqueued_at` is when it was last handed to the delivery queue (null: not yet); the relay
 * hands over every queued message without it, and hands again the ones still waiting long after.
 * The index serves the relay's scan (a sweep across dealerships, as the assistant's run sweep).
 */
export class MessageDeliveryHandOver1795700000000 implements MigrationInterface {
  name = 'MessageDeliveryHandOver1795700000000';

  /** Runs again after failing between its two statements (mysql-schema.ts). */
  async up(q: QueryRunner): Promise<void> {
    if (!(await hasColumn(q, 'messages', 'delivery_enqueued_at'))) await q.query('ALTER TABLE messages ADD COLUMN delivery_enqueued_at datetime(3) NULL');
    if (!(await hasIndex(q, 'messages', 'ix_messages_delivery_hand_over'))) {
      await q.query('CREATE INDEX ix_messages_delivery_hand_over ON messages (delivery_status, delivery_enqueued_at, date_created)');
    }
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP INDEX ix_messages_delivery_hand_over ON messages');
    await q.query('ALTER TABLE messages DROP COLUMN delivery_enqueued_at');
  }
}
