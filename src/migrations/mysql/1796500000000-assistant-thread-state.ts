import { MigrationInterface, QueryRunner } from 'typeorm';
import { hasColumn } from '../mysql-schema';

/**
 * A thread keeps what its follow-ups refer to (the last search and its cars, the car in focus, the
 * last estimate): JSON the assistant writes at the end of each answered run. One ADD COLUMN, NULL
 * for the threads before it (they start with nothing to refer to).
 */
export class AssistantThreadState1796500000000 implements MigrationInterface {
  name = 'AssistantThreadState1796500000000';

  async up(q: QueryRunner): Promise<void> {
    // MySQL commits DDL at once: a run stopped after it and before its record must not fail the next.
    if (!(await hasColumn(q, 'assistant_threads', 'state'))) await q.query('ALTER TABLE assistant_threads ADD COLUMN state text NULL');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE assistant_threads DROP COLUMN state');
  }
}
