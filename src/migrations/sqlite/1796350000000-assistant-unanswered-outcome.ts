import { MigrationInterface, QueryRunner } from 'typeorm';

/** Twin of the MySQL migration (see there): `unanswered` for the runs that ended failed, expired or cancelled. */
export class AssistantUnansweredOutcome1796350000000 implements MigrationInterface {
  name = 'AssistantUnansweredOutcome1796350000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query("UPDATE assistant_runs SET outcome = 'unanswered' WHERE status IN ('failed', 'expired', 'cancelled') AND outcome IS NULL");
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query("UPDATE assistant_runs SET outcome = NULL WHERE outcome = 'unanswered'");
  }
}
