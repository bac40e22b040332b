import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Idempotency-Key records of `POST /api/v1/ailm/engage`. The primary key makes a concurrent
 * duplicate lose at insert time; keys compare byte for byte (utf8mb4_bin), as HTTP header values do.
 */
export class Engagement1763840100000 implements MigrationInterface {
  name = 'Engagement1763840100000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE engagement_idempotency_keys (
      dealer_id varchar(100) NOT NULL,
      idempotency_key varchar(255) CHARACTER SET utf8mb4 COLLATE utf8mb4_bin NOT NULL,
      request_hash varchar(64) NOT NULL,
      message_id varchar(20) NULL,
      created_at datetime(3) NOT NULL,
      PRIMARY KEY (dealer_id, idempotency_key),
      KEY ix_idempotency_keys_created (dealer_id, created_at)
    ) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE engagement_idempotency_keys');
  }
}
