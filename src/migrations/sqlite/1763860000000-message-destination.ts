import { MigrationInterface, QueryRunner } from 'typeorm';

/** SQLite twin of the MySQL migration of the same name. */
export class MessageDestination1763860000000 implements MigrationInterface {
  name = 'MessageDestination1763860000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE messages ADD COLUMN destination varchar(254) NULL');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE messages DROP COLUMN destination');
  }
}
