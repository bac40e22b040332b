import { MigrationInterface, QueryRunner } from 'typeorm';

/** SQLite twin of the MySQL migration of the same name. */
export class Assistant1763870000000 implements MigrationInterface {
  name = 'Assistant1763870000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE assistant_threads (
      id varchar(36) NOT NULL PRIMARY KEY,
      dealer_id varchar(100) NOT NULL,
      title varchar(100) NOT NULL,
      objective varchar(500) NOT NULL,
      latest_run_id varchar(36) NULL,
      created_date datetime NOT NULL,
      last_modified_date datetime NOT NULL
    )`);
    await q.query('CREATE INDEX ix_assistant_threads_modified ON assistant_threads (dealer_id, last_modified_date, id)');
    await q.query(`CREATE TABLE assistant_runs (
      id varchar(36) NOT NULL PRIMARY KEY,
      thread_id varchar(36) NOT NULL,
      dealer_id varchar(100) NOT NULL,
      status varchar(16) NOT NULL,
      last_error varchar(500) NULL,
      result_summary varchar(500) NULL,
      outcome varchar(16) NULL,
      outcome_code varchar(32) NULL,
      step_index integer NOT NULL DEFAULT 0,
      attempts integer NOT NULL DEFAULT 0,
      deadline_at datetime NOT NULL,
      created_date datetime NOT NULL,
      started_date datetime NULL,
      completed_date datetime NULL,
      last_modified_date datetime NOT NULL,
      enqueued_at datetime NULL
    )`);
    await q.query('CREATE INDEX ix_assistant_runs_thread ON assistant_runs (dealer_id, thread_id, status)');
    await q.query('CREATE INDEX ix_assistant_runs_deadline ON assistant_runs (status, deadline_at)');
    await q.query('CREATE INDEX ix_assistant_runs_modified ON assistant_runs (status, last_modified_date)');
    await q.query(`CREATE TABLE assistant_messages (
      id integer NOT NULL PRIMARY KEY AUTOINCREMENT,
      dealer_id varchar(100) NOT NULL,
      thread_id varchar(36) NOT NULL,
      run_id varchar(36) NOT NULL,
      role varchar(16) NOT NULL,
      content text NOT NULL,
      metadata_code varchar(32) NULL,
      date_created datetime NOT NULL
    )`);
    await q.query('CREATE INDEX ix_assistant_messages_thread ON assistant_messages (dealer_id, thread_id, id)');
    await q.query(`CREATE TABLE assistant_run_events (
      run_id varchar(36) NOT NULL,
      sequence integer NOT NULL,
      dealer_id varchar(100) NOT NULL,
      type varchar(32) NOT NULL,
      summary varchar(200) NOT NULL,
      payload_json text NOT NULL,
      date_created datetime NOT NULL,
      PRIMARY KEY (run_id, sequence)
    )`);
    await q.query('CREATE INDEX ix_assistant_events_dealer ON assistant_run_events (dealer_id, run_id, sequence)');
  }

  async down(q: QueryRunner): Promise<void> {
    for (const t of ['assistant_run_events', 'assistant_messages', 'assistant_runs', 'assistant_threads']) await q.query(`DROP TABLE ${t}`);
  }
}
