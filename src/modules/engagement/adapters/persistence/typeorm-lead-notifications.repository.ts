import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { EntityManager, In, Repository } from 'typeorm';
import { awaitingHandOver } from '../../../../../libs/common/persistence/outbox-scan';
import { transactionalManager } from '../../../../../libs/common/persistence/typeorm-unit-of-work';
import { DeliveryOutcome, HandOverCutoffs } from '../../domain/conversation-messages';
import { NotificationKind, NotificationStatus, PlannedNotification } from '../../domain/hand-off-lead';
import { LeadNotification, LeadNotificationRef, LeadNotifications } from '../../domain/lead-notifications';
import { LeadNotificationOrmEntity } from './lead-notification.orm-entity';

const ID = /^[0-9a-f-]{36}$/i;

function toNotification(row: LeadNotificationOrmEntity): LeadNotification {
  return {
    id: row.id, dealerId: row.dealerId, leadKey: row.leadKey, kind: row.kind as NotificationKind, to: row.to, subject: row.subject, body: row.body,
    text: row.text, status: row.status as NotificationStatus, attempts: row.attempts, lastError: row.lastError, handedOver: row.enqueuedAt !== null,
    sentAt: row.sentAt, createdDate: row.createdDate,
  };
}

@Injectable()
export class TypeOrmLeadNotifications extends LeadNotifications {
  constructor(@InjectRepository(LeadNotificationOrmEntity) private readonly rows: Repository<LeadNotificationOrmEntity>) {
    super();
  }

  private get m(): EntityManager {
    return transactionalManager(this.rows.manager);
  }

  async recordOnce(dealerId: string, leadKey: string, planned: readonly PlannedNotification[], at: Date): Promise<LeadNotification[]> {
    const existing = await this.findByLeads(dealerId, [leadKey]);
    if (existing.length > 0 || planned.length === 0) return existing;
    // A concurrent second hand-off of the same lead fails here on the unique key and rolls back.
    await this.m.insert(LeadNotificationOrmEntity, planned.map((p, i) => ({
      id: randomUUID(), dealerId, leadKey, kind: p.kind, to: p.to, subject: p.subject, body: p.body, text: p.text, status: p.status,
      attempts: 0, lastError: p.error, enqueuedAt: null, sentAt: null,
      // Recorded in the lead's order (a millisecond apart): listed back as the profile names them.
      createdDate: new Date(at.getTime() + i),
    })));
    return this.findByLeads(dealerId, [leadKey]);
  }

  async findByLeads(dealerId: string, leadKeys: readonly string[]): Promise<LeadNotification[]> {
    if (leadKeys.length === 0) return [];
    const rows = await this.m.find(LeadNotificationOrmEntity, { where: { dealerId, leadKey: In([...leadKeys]) }, order: { createdDate: 'ASC', id: 'ASC' } });
    return rows.map(toNotification);
  }

  async find(dealerId: string, id: string): Promise<LeadNotification | null> {
    if (!ID.test(id)) return null;
    const row = await this.m.findOneBy(LeadNotificationOrmEntity, { dealerId, id });
    return row ? toNotification(row) : null;
  }

  async recordDelivery(dealerId: string, id: string, outcome: DeliveryOutcome): Promise<void> {
    await this.m.update(LeadNotificationOrmEntity, { dealerId, id }, {
      status: outcome.status, attempts: outcome.attempts, lastError: outcome.lastError?.slice(0, 500) ?? null, sentAt: outcome.sentAt,
    });
  }

  async recordHandOver(dealerId: string, id: string, at: Date): Promise<void> {
    await this.m.update(LeadNotificationOrmEntity, { dealerId, id }, { enqueuedAt: at });
  }

  async awaitingHandOver(cutoffs: HandOverCutoffs, take: number): Promise<LeadNotificationRef[]> {
    const notifications = () => this.m.createQueryBuilder(LeadNotificationOrmEntity, 'n').select(['n.id', 'n.dealerId']);
    // Through ix_lead_notifications_hand_over (status, enqueued_at, created_date).
    const rows = await awaitingHandOver(notifications, { status: 'n.delivery_status', handedOverAt: 'n.delivery_enqueued_at', recordedAt: 'n.created_date' }, cutoffs, take);
    return rows.map((r) => ({ dealerId: r.dealerId, id: r.id }));
  }

  async oldestAwaitingDelivery(): Promise<Date | null> {
    const oldest = await this.m.createQueryBuilder(LeadNotificationOrmEntity, 'n').select(['n.id', 'n.createdDate'])
      .where('n.delivery_status IN (:...waiting)', { waiting: ['queued', 'retrying'] })
      .orderBy('n.created_date', 'ASC').limit(1).getOne();
    return oldest?.createdDate ?? null;
  }
}
