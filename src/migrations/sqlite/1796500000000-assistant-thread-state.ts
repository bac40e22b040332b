import { MigrationInterface, QueryRunner } from 'typeorm';

/** SQLite twin of the MySQL migration of the same name (see there). */
export class AssistantThreadState1796500000000 implements MigrationInterface {
  name = 'AssistantThreadState1796500000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE assistant_threads ADD COLUMN state text NULL');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE assistant_threads DROP COLUMN state');
  }
}
