import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A run's `outcome` is null only while it runs (decisions.md section 9): the runs that ended failed,
 * expired or cancelled before there was an outcome for them get `unanswered`. One statement that
 * can repeat; no index (the threads list reaches a thread's latest run by its primary key).
 */
export class AssistantUnansweredOutcome1796350000000 implements MigrationInterface {
  name = 'AssistantUnansweredOutcome1796350000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query("UPDATE assistant_runs SET outcome = 'unanswered' WHERE status IN ('failed', 'expired', 'cancelled') AND outcome IS NULL");
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query("UPDATE assistant_runs SET outcome = NULL WHERE outcome = 'unanswered'");
  }
}
