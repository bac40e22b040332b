import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager, In, LessThan, MoreThanOrEqual } from 'typeorm';
import { transactionalManager } from '../../../../../libs/common/persistence/typeorm-unit-of-work';
import {
  ACTIVE_STATUSES, AssistantRun, AssistantThread, OutcomeCode, RunEvent, RunEventType, RunOutcome, RunStatus, ThreadMessage,
} from '../../domain/assistant-run';
import { AssistantRepository, RunChanges, RunRef } from '../../domain/assistant.repository';
import { AssistantMessageOrmEntity, AssistantRunEventOrmEntity, AssistantRunOrmEntity, AssistantThreadOrmEntity } from './assistant.orm-entity';

const ID = /^[0-9a-f-]{36}$/i;

@Injectable()
export class TypeOrmAssistantRepository extends AssistantRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {
    super();
  }

  private get m(): EntityManager {
    return transactionalManager(this.dataSource.manager);
  }

  async insertThread(thread: AssistantThread): Promise<void> {
    await this.m.insert(AssistantThreadOrmEntity, { ...thread });
  }

  async findThread(dealerId: string, threadId: string): Promise<AssistantThread | null> {
    if (!ID.test(threadId)) return null;
    return this.m.findOneBy(AssistantThreadOrmEntity, { dealerId, id: threadId });
  }

  async listThreads(dealerId: string, take: number): Promise<AssistantThread[]> {
    return this.m.find(AssistantThreadOrmEntity, { where: { dealerId }, order: { lastModifiedDate: 'DESC', id: 'DESC' }, take });
  }

  async touchThread(dealerId: string, threadId: string, latestRunId: string, at: Date): Promise<void> {
    await this.m.update(AssistantThreadOrmEntity, { dealerId, id: threadId }, { latestRunId, lastModifiedDate: at });
  }

  async insertRun(run: AssistantRun): Promise<void> {
    await this.m.insert(AssistantRunOrmEntity, { ...run });
  }

  async findRun(dealerId: string, runId: string): Promise<AssistantRun | null> {
    if (!ID.test(runId)) return null;
    const row = await this.m.findOneBy(AssistantRunOrmEntity, { dealerId, id: runId });
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

  async updateRun(dealerId: string, runId: string, from: readonly RunStatus[], changes: RunChanges, at: Date): Promise<boolean> {
    const result = await this.m.update(AssistantRunOrmEntity, { dealerId, id: runId, status: In([...from]) }, { ...changes, lastModifiedDate: at });
    return (result.affected ?? 0) > 0;
  }

  async heartbeat(dealerId: string, runId: string, at: Date): Promise<void> {
    await this.m.update(AssistantRunOrmEntity, { dealerId, id: runId, status: In(['in_progress', 'cancelling']) }, { lastModifiedDate: at });
  }

  async insertMessage(message: Omit<ThreadMessage, 'id'>): Promise<string> {
    const result = await this.m.insert(AssistantMessageOrmEntity, { ...message });
    return String((result.identifiers[0] as { id: string | number }).id);
  }

  async listMessages(dealerId: string, threadId: string, take: number): Promise<ThreadMessage[]> {
    const rows = await this.m.find(AssistantMessageOrmEntity, { where: { dealerId, threadId }, order: { id: 'DESC' }, take });
    return rows.reverse().map(toMessage);
  }

  async history(dealerId: string, threadId: string, beforeRunId: string, take: number): Promise<ThreadMessage[]> {
    const rows = await this.m.createQueryBuilder(AssistantMessageOrmEntity, 'm')
      .where('m.dealer_id = :dealerId AND m.thread_id = :threadId AND m.run_id <> :runId', { dealerId, threadId, runId: beforeRunId })
      .orderBy('m.id', 'DESC').limit(take).getMany();
    return rows.reverse().map(toMessage);
  }

  async appendEvent(dealerId: string, event: { runId: string; type: RunEventType; summary: string; payload: unknown; dateCreated: Date }): Promise<RunEvent> {
    // The next sequence of the run; (run_id, sequence) is the primary key, so two writers cannot both take one.
    const last = await this.m.createQueryBuilder(AssistantRunEventOrmEntity, 'e')
      .select('MAX(e.sequence)', 'n').where('e.run_id = :runId', { runId: event.runId }).getRawOne<{ n: number | string | null }>();
    const sequence = Number(last?.n ?? 0) + 1;
    await this.m.insert(AssistantRunEventOrmEntity, {
      runId: event.runId, sequence, dealerId, type: event.type, summary: event.summary.slice(0, 200), payloadJson: JSON.stringify(event.payload ?? null), dateCreated: event.dateCreated,
    });
    return { runId: event.runId, sequence, type: event.type, summary: event.summary, payload: event.payload, dateCreated: event.dateCreated };
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
