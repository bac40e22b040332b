import { MigrationInterface, QueryRunner } from 'typeorm';

/** SQLite twin of the MySQL migration of the same name. */
export class Engagement1763840100000 implements MigrationInterface {
  name = 'Engagement1763840100000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE engagement_idempotency_keys (
      dealer_id varchar(100) NOT NULL,
      idempotency_key varchar(255) NOT NULL,
      request_hash varchar(64) NOT NULL,
      message_id varchar(20) NULL,
      created_at datetime NOT NULL,
      PRIMARY KEY (dealer_id, idempotency_key)
    )`);
    await q.query('CREATE INDEX ix_idempotency_keys_created ON engagement_idempotency_keys (dealer_id, created_at)');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE engagement_idempotency_keys');
  }
}
