import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager, In, LessThan, MoreThanOrEqual, QueryResult } from 'typeorm';
import { SqlTable as Table } from '../../../../../libs/common/persistence/sql-table';
import { transactionalManager } from '../../../../../libs/common/persistence/typeorm-unit-of-work';
import {
  ACTIVE_STATUSES, AssistantRun, AssistantThread, OutcomeCode, RunEvent, RunEventType, RunOutcome, RunStatus, ThreadMessage,
} from '../../domain/assistant-run';
import { AssistantRepository, NewRunEvent, RunChanges, RunRef } from '../../domain/assistant.repository';
import { ThreadState, threadStateFrom } from '../../domain/thread-state';
import { AssistantMessageOrmEntity, AssistantRunEventOrmEntity, AssistantRunOrmEntity, AssistantThreadOrmEntity } from './assistant.orm-entity';

const ID = /^[0-9a-f-]{36}$/i;

/** A stored JSON value, or null when it does not parse (a damaged row starts the thread's state afresh). */
function parsedJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

@Injectable()
export class TypeOrmAssistantRepository extends AssistantRepository {
  private readonly threads: Table<AssistantThreadOrmEntity>;
  private readonly runs: Table<AssistantRunOrmEntity>;
  private readonly messages: Table<AssistantMessageOrmEntity>;
  private readonly events: Table<AssistantRunEventOrmEntity>;

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {
    super();
    this.threads = new Table(dataSource, AssistantThreadOrmEntity);
    this.runs = new Table(dataSource, AssistantRunOrmEntity);
    this.messages = new Table(dataSource, AssistantMessageOrmEntity);
    this.events = new Table(dataSource, AssistantRunEventOrmEntity);
  }

  private get m(): EntityManager {
    return transactionalManager(this.dataSource.manager);
  }

  /** A statement's rows (SELECT). */
  private async rows(sql: string, params: unknown[]): Promise<Record<string, unknown>[]> {
    return (await this.m.query(sql, params)) as Record<string, unknown>[];
  }

  /**
   * A write's result, with its affected rows, on the unit of work's query runner: every write of a
   * run goes with others in one transaction (and, on SQLite, in the process's write turn).
   */
  private async write(sql: string, params: unknown[]): Promise<QueryResult> {
    const runner = this.m.queryRunner;
    if (!runner) throw new Error('assistant writes run inside a unit of work');
    return runner.query(sql, params, true);
  }

  async insertThread(thread: AssistantThread): Promise<void> {
    await this.write(...this.threads.insert([thread]));
  }

  async findThread(dealerId: string, threadId: string): Promise<AssistantThread | null> {
    if (!ID.test(threadId)) return null;
    const t = this.threads;
    const [thread] = await t.select(this.m, `${t.is('dealerId')} AND ${t.is('id')}`, [dealerId, threadId]);
    return thread ?? null;
  }

  async listThreads(dealerId: string, take: number, outcome?: RunOutcome): Promise<AssistantThread[]> {
    const t = this.threads;
    // The latest run by its primary key, for each thread in ix_assistant_threads_modified's order: no other index needed.
    const ofOutcome = outcome ? ` AND EXISTS (${this.runWhere(`${t.name}.${t.q('latest_run_id')}`, `${t.name}.${t.q('dealer_id')}`, 'outcome')})` : '';
    return t.select(this.m, `${t.is('dealerId')}${ofOutcome}`, outcome ? [dealerId, outcome] : [dealerId],
      `ORDER BY ${t.q('last_modified_date')} DESC, ${t.q('id')} DESC LIMIT ${Math.max(1, Math.floor(take))}`);
  }

  async touchThread(dealerId: string, threadId: string, latestRunId: string, at: Date, state?: ThreadState): Promise<void> {
    const t = this.threads;
    const setState = state ? `, ${t.is('state')}` : '';
    await this.write(`UPDATE ${t.name} SET ${t.is('latestRunId')}, ${t.is('lastModifiedDate')}${setState} WHERE ${t.is('dealerId')} AND ${t.is('id')}`,
      [latestRunId, t.value('lastModifiedDate', at), ...(state ? [JSON.stringify(state)] : []), dealerId, threadId]);
  }

  async threadState(dealerId: string, threadId: string): Promise<ThreadState> {
    const t = this.threads;
    const [row] = await this.rows(`SELECT ${t.q('state')} AS state FROM ${t.name} WHERE ${t.is('dealerId')} AND ${t.is('id')}`, [dealerId, threadId]);
    return threadStateFrom(typeof row?.state === 'string' ? parsedJson(row.state) : null);
  }

  async insertRun(run: AssistantRun): Promise<void> {
    await this.write(...this.runs.insert([run]));
  }

  async findRun(dealerId: string, runId: string): Promise<AssistantRun | null> {
    if (!ID.test(runId)) return null;
    const r = this.runs;
    const [row] = await r.select(this.m, `${r.is('dealerId')} AND ${r.is('id')}`, [dealerId, runId]);
    return row ? toRun(row) : null;
  }

  async findRuns(dealerId: string, runIds: readonly string[]): Promise<AssistantRun[]> {
    const ids = [...new Set(runIds)].filter((id) => ID.test(id));
    if (ids.length === 0) return [];
    return (await this.m.findBy(AssistantRunOrmEntity, { dealerId, id: In(ids) })).map(toRun);
  }

  async findActiveRun(dealerId: string, threadId: string): Promise<AssistantRun | null> {
    const row = await this.m.findOne(AssistantRunOrmEntity, { where: { dealerId, threadId, status: In([...ACTIVE_STATUSES]) }, order: { createdDate: 'DESC' } });
    return row ? toRun(row) : null;
  }

  async updateRun(dealerId: string, runId: string, from: readonly RunStatus[], changes: RunChanges, at: Date, attempt?: number): Promise<boolean> {
    const r = this.runs;
    const set = Object.entries({ ...changes, lastModifiedDate: at }).filter(([, v]) => v !== undefined) as [keyof AssistantRunOrmEntity & string, unknown][];
    const inAttempt = attempt === undefined ? '' : ` AND ${r.is('attempts')}`;
    const result = await this.write(
      `UPDATE ${r.name} SET ${set.map(([k]) => r.is(k)).join(', ')} WHERE ${r.is('dealerId')} AND ${r.is('id')} AND ${r.q('status')} IN (${from.map(() => '?').join(', ')})${inAttempt}`,
      [...set.map(([k, v]) => r.value(k, v)), dealerId, runId, ...from, ...(attempt === undefined ? [] : [attempt])],
    );
    return (result.affected ?? 0) > 0;
  }

  /** One fenced UPDATE per status, in_progress first: a beat costs one statement unless a cancel was asked. */
  async heartbeat(dealerId: string, runId: string, at: Date, attempt: number): Promise<'in_progress' | 'cancelling' | null> {
    for (const status of ['in_progress', 'cancelling'] as const) {
      if (await this.updateRun(dealerId, runId, [status], {}, at, attempt)) return status;
    }
    return null;
  }

  async insertMessage(message: Omit<ThreadMessage, 'id'>): Promise<string> {
    const result = await this.write(...this.messages.insert([message]));
    // better-sqlite3 answers the row id, mysql2 a result header carrying it.
    const raw = result.raw as number | bigint | { insertId: number | string };
    return String(typeof raw === 'object' ? raw.insertId : raw);
  }

  async listMessages(dealerId: string, threadId: string, take: number, options?: { answered: boolean }): Promise<ThreadMessage[]> {
    const t = this.messages;
    // A run completes with its reply, in one transaction: its messages are a question and its answer.
    const answered = options?.answered ? ` AND EXISTS (${this.runWhere(`${t.name}.${t.q('run_id')}`, `${t.name}.${t.q('dealer_id')}`, 'status')})` : '';
    const rows = await t.select(this.m, `${t.is('dealerId')} AND ${t.is('threadId')}${answered}`, [dealerId, threadId, ...(options?.answered ? ['completed'] : [])],
      `ORDER BY ${t.q('id')} DESC LIMIT ${Math.max(1, Math.floor(take))}`);
    return rows.reverse().map(toMessage);
  }

  /** The run `runId` (a column of the outer row, of its dealership `dealerId`) whose `column` is the next parameter, by primary key. */
  private runWhere(runId: string, dealerId: string, column: 'status' | 'outcome'): string {
    const r = this.runs;
    return `SELECT 1 FROM ${r.name} ar WHERE ar.${r.q('id')} = ${runId} AND ar.${r.q('dealer_id')} = ${dealerId} AND ar.${r.q(column)} = ?`;
  }

  async appendEvents(dealerId: string, runId: string, events: readonly NewRunEvent[], after?: number): Promise<RunEvent[]> {
    if (events.length === 0) return [];
    // The next sequences of the run; (run_id, sequence) is the primary key, so two writers cannot both take one.
    const t = this.events;
    const last = after ?? Number((await this.rows(`SELECT MAX(${t.q('sequence')}) AS n FROM ${t.name} WHERE ${t.is('runId')} AND ${t.is('dealerId')}`, [runId, dealerId]))[0]?.n ?? 0);
    const first = last + 1;
    const appended = events.map((e, i): RunEvent => ({ runId, sequence: first + i, type: e.type, summary: e.summary, payload: e.payload, dateCreated: e.dateCreated }));
    await this.write(...t.insert(appended.map((e) => ({
      runId, sequence: e.sequence, dealerId, type: e.type, summary: e.summary.slice(0, 200), payloadJson: JSON.stringify(e.payload ?? null), dateCreated: e.dateCreated,
    }))));
    return appended;
  }

  async listEvents(dealerId: string, runId: string, cursor: number, take: number): Promise<RunEvent[]> {
    const rows = await this.m.find(AssistantRunEventOrmEntity, { where: { dealerId, runId, sequence: MoreThanOrEqual(cursor) }, order: { sequence: 'ASC' }, take });
    return rows.map((r) => ({ runId: r.runId, sequence: r.sequence, type: r.type as RunEventType, summary: r.summary, payload: JSON.parse(r.payloadJson) as unknown, dateCreated: r.dateCreated }));
  }

  async hasEventOfType(dealerId: string, runId: string, types: readonly RunEventType[]): Promise<boolean> {
    return (await this.m.count(AssistantRunEventOrmEntity, { where: { dealerId, runId, type: In([...types]) } })) > 0;
  }

  async queuedNotHandedOver(before: Date, take: number): Promise<RunRef[]> {
    return this.refs(await this.m.createQueryBuilder(AssistantRunOrmEntity, 'r').select(['r.id', 'r.dealerId'])
      .where('r.status = :status AND r.enqueued_at IS NULL AND r.last_modified_date < :before', { status: 'queued', before })
      .orderBy('r.created_date', 'ASC').limit(take).getMany());
  }

  async queuedHandedOverBefore(before: Date, take: number): Promise<RunRef[]> {
    return this.refs(await this.m.createQueryBuilder(AssistantRunOrmEntity, 'r').select(['r.id', 'r.dealerId'])
      .where('r.status = :status AND r.enqueued_at < :before', { status: 'queued', before })
      .orderBy('r.created_date', 'ASC').limit(take).getMany());
  }

  async oldestQueued(): Promise<Date | null> {
    // In ix_assistant_runs_deadline's order (status, deadline_at): one row read. The deadline is the
    // creation plus one fixed span, so the earliest deadline is the oldest run.
    const oldest = await this.m.createQueryBuilder(AssistantRunOrmEntity, 'r').select(['r.id', 'r.createdDate'])
      .where('r.status = :status', { status: 'queued' }).orderBy('r.deadline_at', 'ASC').limit(1).getOne();
    return oldest?.createdDate ?? null;
  }

  async pastDeadline(now: Date, take: number): Promise<RunRef[]> {
    return this.refs(await this.m.find(AssistantRunOrmEntity, {
      select: { id: true, dealerId: true }, where: { status: In([...ACTIVE_STATUSES]), deadlineAt: LessThan(now) }, take,
    }));
  }

  async stalled(before: Date, take: number): Promise<RunRef[]> {
    return this.refs(await this.m.find(AssistantRunOrmEntity, {
      select: { id: true, dealerId: true }, where: { status: In(['in_progress', 'cancelling']), lastModifiedDate: LessThan(before) }, take,
    }));
  }

  private refs(rows: { id: string; dealerId: string }[]): RunRef[] {
    return rows.map((r) => ({ dealerId: r.dealerId, runId: r.id }));
  }
}

function toRun(r: AssistantRunOrmEntity): AssistantRun {
  return {
    ...r, status: r.status as RunStatus, outcome: r.outcome as RunOutcome | null, outcomeCode: r.outcomeCode as OutcomeCode | null,
  };
}

function toMessage(r: AssistantMessageOrmEntity): ThreadMessage {
  return { ...r, id: String(r.id), role: r.role as ThreadMessage['role'] };
}
