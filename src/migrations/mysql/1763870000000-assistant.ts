import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The assistant: threads, runs (the run row is also the outbox of its queue job), messages and
 * run events, unique per (run, sequence). Every tenant index leads with dealer_id; the sweep's
 * indexes lead with status.
 */
export class Assistant1763870000000 implements MigrationInterface {
  name = 'Assistant1763870000000';

  async up(q: QueryRunner): Promise<void> {
    const table = 'ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci';
    await q.query(`CREATE TABLE IF NOT EXISTS assistant_threads (
      id varchar(36) NOT NULL PRIMARY KEY,
      dealer_id varchar(100) NOT NULL,
      title varchar(100) NOT NULL,
      objective varchar(500) NOT NULL,
      latest_run_id varchar(36) NULL,
      created_date datetime(3) NOT NULL,
      last_modified_date datetime(3) NOT NULL,
      KEY ix_assistant_threads_modified (dealer_id, last_modified_date, id)
    ) ${table}`);
    await q.query(`CREATE TABLE IF NOT EXISTS assistant_runs (
      id varchar(36) NOT NULL PRIMARY KEY,
      thread_id varchar(36) NOT NULL,
      dealer_id varchar(100) NOT NULL,
      status varchar(16) NOT NULL,
      last_error varchar(500) NULL,
      result_summary varchar(500) NULL,
      outcome varchar(16) NULL,
      outcome_code varchar(32) NULL,
      step_index int NOT NULL DEFAULT 0,
      attempts int NOT NULL DEFAULT 0,
      deadline_at datetime(3) NOT NULL,
      created_date datetime(3) NOT NULL,
      started_date datetime(3) NULL,
      completed_date datetime(3) NULL,
      last_modified_date datetime(3) NOT NULL,
      enqueued_at datetime(3) NULL,
      KEY ix_assistant_runs_thread (dealer_id, thread_id, status),
      KEY ix_assistant_runs_deadline (status, deadline_at),
      KEY ix_assistant_runs_modified (status, last_modified_date)
    ) ${table}`);
    await q.query(`CREATE TABLE IF NOT EXISTS assistant_messages (
      id bigint NOT NULL AUTO_INCREMENT PRIMARY KEY,
      dealer_id varchar(100) NOT NULL,
      thread_id varchar(36) NOT NULL,
      run_id varchar(36) NOT NULL,
      role varchar(16) NOT NULL,
      content text NOT NULL,
      metadata_code varchar(32) NULL,
      date_created datetime(3) NOT NULL,
      KEY ix_assistant_messages_thread (dealer_id, thread_id, id)
    ) ${table}`);
    await q.query(`CREATE TABLE IF NOT EXISTS assistant_run_events (
      run_id varchar(36) NOT NULL,
      sequence int NOT NULL,
      dealer_id varchar(100) NOT NULL,
      type varchar(32) NOT NULL,
      summary varchar(200) NOT NULL,
      payload_json mediumtext NOT NULL,
      date_created datetime(3) NOT NULL,
      PRIMARY KEY (run_id, sequence),
      KEY ix_assistant_events_dealer (dealer_id, run_id, sequence)
    ) ${table}`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const t of ['assistant_run_events', 'assistant_messages', 'assistant_runs', 'assistant_threads']) await q.query(`DROP TABLE ${t}`);
  }
}
