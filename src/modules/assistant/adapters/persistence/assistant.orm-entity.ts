import { Column, Entity, PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';

@Entity('assistant_threads')
export class AssistantThreadOrmEntity {
  @PrimaryColumn({ type: 'varchar', length: 36 }) id!: string;
  @Column({ name: 'dealer_id', type: 'varchar', length: 100 }) dealerId!: string;
  @Column({ type: 'varchar', length: 100 }) title!: string;
  @Column({ type: 'varchar', length: 500 }) objective!: string;
  @Column({ name: 'latest_run_id', type: 'varchar', length: 36, nullable: true }) latestRunId!: string | null;
  @Column({ name: 'created_date', type: 'datetime', precision: 3 }) createdDate!: Date;
  @Column({ name: 'last_modified_date', type: 'datetime', precision: 3 }) lastModifiedDate!: Date;
  /** ThreadState as JSON (null before the thread's first answered run). */
  @Column({ type: 'text', nullable: true }) state!: string | null;
}

@Entity('assistant_runs')
export class AssistantRunOrmEntity {
  @PrimaryColumn({ type: 'varchar', length: 36 }) id!: string;
  @Column({ name: 'thread_id', type: 'varchar', length: 36 }) threadId!: string;
  @Column({ name: 'dealer_id', type: 'varchar', length: 100 }) dealerId!: string;
  @Column({ type: 'varchar', length: 16 }) status!: string;
  @Column({ name: 'last_error', type: 'varchar', length: 500, nullable: true }) lastError!: string | null;
  @Column({ name: 'result_summary', type: 'varchar', length: 500, nullable: true }) resultSummary!: string | null;
  @Column({ type: 'varchar', length: 16, nullable: true }) outcome!: string | null;
  @Column({ name: 'outcome_code', type: 'varchar', length: 32, nullable: true }) outcomeCode!: string | null;
  @Column({ name: 'step_index', type: 'int' }) stepIndex!: number;
  @Column({ type: 'int' }) attempts!: number;
  @Column({ name: 'deadline_at', type: 'datetime', precision: 3 }) deadlineAt!: Date;
  @Column({ name: 'created_date', type: 'datetime', precision: 3 }) createdDate!: Date;
  @Column({ name: 'started_date', type: 'datetime', precision: 3, nullable: true }) startedDate!: Date | null;
  @Column({ name: 'completed_date', type: 'datetime', precision: 3, nullable: true }) completedDate!: Date | null;
  @Column({ name: 'last_modified_date', type: 'datetime', precision: 3 }) lastModifiedDate!: Date;
  @Column({ name: 'enqueued_at', type: 'datetime', precision: 3, nullable: true }) enqueuedAt!: Date | null;
}

@Entity('assistant_messages')
export class AssistantMessageOrmEntity {
  @PrimaryGeneratedColumn({ type: 'bigint' }) id!: string | number;
  @Column({ name: 'dealer_id', type: 'varchar', length: 100 }) dealerId!: string;
  @Column({ name: 'thread_id', type: 'varchar', length: 36 }) threadId!: string;
  @Column({ name: 'run_id', type: 'varchar', length: 36 }) runId!: string;
  @Column({ type: 'varchar', length: 16 }) role!: string;
  @Column({ type: 'text' }) content!: string;
  @Column({ name: 'metadata_code', type: 'varchar', length: 32, nullable: true }) metadataCode!: string | null;
  @Column({ name: 'date_created', type: 'datetime', precision: 3 }) dateCreated!: Date;
}

@Entity('assistant_run_events')
export class AssistantRunEventOrmEntity {
  @PrimaryColumn({ name: 'run_id', type: 'varchar', length: 36 }) runId!: string;
  @PrimaryColumn({ type: 'int' }) sequence!: number;
  @Column({ name: 'dealer_id', type: 'varchar', length: 100 }) dealerId!: string;
  @Column({ type: 'varchar', length: 32 }) type!: string;
  @Column({ type: 'varchar', length: 200 }) summary!: string;
  @Column({ name: 'payload_json', type: 'text' }) payloadJson!: string;
  @Column({ name: 'date_created', type: 'datetime', precision: 3 }) dateCreated!: Date;
}
