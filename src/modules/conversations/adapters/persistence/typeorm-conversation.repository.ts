import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager, In, Not } from 'typeorm';
import { Attachment, Contact, Conversation, ConversationWithContact, Delivery, DeliveryStatus, Message, MessageRole, isVisibleInChats } from '../../domain/conversation';
import { ConversationListQuery } from '../../domain/conversation-list-query';
import {
  ConversationCountFilter, ConversationCounts, ConversationPage, ConversationRepository, HandOverCutoffs, NewMessage, OutboundForDelivery, OutboundRef,
} from '../../domain/conversation.repository';
import { awaitingHandOver } from '../../../../../libs/common/persistence/outbox-scan';
import { transactionalManager } from '../../../../../libs/common/persistence/typeorm-unit-of-work';
import { ContactOrmEntity, ConversationOrmEntity, MessageOrmEntity } from './conversation.orm-entity';

const MESSAGE_ID = /^\d{1,19}$/;
/** The customer wrote last: their last message is the conversation's latest change (last_modified_date is never null, so NOT of it is two-valued). */
const AWAITING_REPLY = 'c.last_online_date IS NOT NULL AND c.last_online_date >= c.last_modified_date';

@Injectable()
export class TypeOrmConversationRepository extends ConversationRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {
    super();
  }

  /** The unit of work's transaction when called inside one. */
  private get m(): EntityManager {
    return transactionalManager(this.dataSource.manager);
  }

  async list(dealerId: string, q: ConversationListQuery): Promise<ConversationPage> {
    const qb = this.dataSource.getRepository(ConversationOrmEntity).createQueryBuilder('c').where('c.dealer_id = :dealerId', { dealerId });
    if (!q.includeArchived) qb.andWhere('c.is_archived = :archived', { archived: false });
    if (q.channel !== undefined) qb.andWhere('c.channel = :channel', { channel: q.channel });
    if (q.status !== undefined) qb.andWhere('c.status = :status', { status: q.status });
    if (q.createdFrom) qb.andWhere('c.created_date >= :createdFrom', { createdFrom: q.createdFrom });
    if (q.createdTo) qb.andWhere('c.created_date <= :createdTo', { createdTo: q.createdTo });
    if (q.modifiedFrom) qb.andWhere('c.last_modified_date >= :modifiedFrom', { modifiedFrom: q.modifiedFrom });
    if (q.modifiedTo) qb.andWhere('c.last_modified_date <= :modifiedTo', { modifiedTo: q.modifiedTo });

    const direction = q.sortOrder === 'asc' ? 'ASC' : 'DESC';
    const [count, rows] = await Promise.all([
      qb.clone().select('COUNT(*)', 'n').getRawOne<{ n: string | number }>(),
      qb.orderBy('c.last_modified_date', direction).addOrderBy('c.id', direction).offset(q.skip).limit(q.take).getMany(),
    ]);
    return { total: Number(count?.n ?? 0), rows: await this.withContacts(dealerId, rows) };
  }

  async findById(dealerId: string, conversationId: string): Promise<ConversationWithContact | null> {
    const row = await this.dataSource.getRepository(ConversationOrmEntity).findOneBy({ dealerId, id: conversationId });
    return row ? (await this.withContacts(dealerId, [row]))[0] : null;
  }

  async listMessages(dealerId: string, conversationId: string, options: { excludeDebug: boolean }): Promise<Message[]> {
    const rows = await this.dataSource.getRepository(MessageOrmEntity).find({
      where: { dealerId, conversationId, ...(options.excludeDebug ? { role: Not('debug') } : {}) },
      order: { id: 'ASC' },
    });
    return rows.map(toMessage);
  }

  async findMessage(dealerId: string, messageId: string): Promise<Message | null> {
    if (!MESSAGE_ID.test(messageId)) return null;
    const row = await this.dataSource.getRepository(MessageOrmEntity).findOneBy({ dealerId, id: messageId });
    return row ? toMessage(row) : null;
  }

  async findOutbound(dealerId: string, messageId: string): Promise<OutboundForDelivery | null> {
    if (!MESSAGE_ID.test(messageId)) return null;
    // One round trip per delivery: the message, its conversation's channel, its contact.
    const rows = (await this.dataSource.query(
      `SELECT m.conversation_id, m.text, m.subject, m.attachments, m.delivery_status, m.delivery_enqueued_at, m.destination, v.channel,
              c.id AS contact_id, c.full_name, c.first_name, c.last_name, c.email, c.phone
         FROM messages m
         JOIN conversations v ON v.dealer_id = m.dealer_id AND v.id = m.conversation_id
         LEFT JOIN contacts c ON c.dealer_id = v.dealer_id AND c.id = v.contact_id
        WHERE m.dealer_id = ? AND m.id = ?`,
      [dealerId, messageId],
    )) as OutboundRow[];
    const r = rows[0];
    if (!r) return null;
    return {
      messageId, dealerId, conversationId: r.conversation_id, channel: r.channel, text: r.text, subject: r.subject,
      attachments: parseJsonArray<Attachment>(r.attachments), deliveryStatus: (r.delivery_status as DeliveryStatus | null) ?? null,
      handedOver: r.delivery_enqueued_at !== null, destination: r.destination ?? null,
      contact: r.contact_id
        ? { fullName: r.full_name || [r.first_name, r.last_name].filter(Boolean).join(' '), email: r.email, phone: r.phone }
        : null,
    };
  }

  async recordDelivery(dealerId: string, messageId: string, delivery: Delivery): Promise<void> {
    if (!MESSAGE_ID.test(messageId)) return;
    await this.m.update(MessageOrmEntity, { dealerId, id: messageId }, {
      deliveryStatus: delivery.status,
      deliveryAttempts: delivery.attempts,
      deliveryLastError: delivery.lastError === null ? null : delivery.lastError.slice(0, 1000),
      deliverySentAt: delivery.sentAt,
    });
  }

  async awaitingHandOver(cutoffs: HandOverCutoffs, take: number): Promise<OutboundRef[]> {
    const messages = () => this.m.createQueryBuilder(MessageOrmEntity, 'm').select(['m.id', 'm.dealerId']);
    // Through ix_messages_delivery_hand_over (status, enqueued_at, date_created).
    const rows = await awaitingHandOver(messages, { status: 'm.delivery_status', handedOverAt: 'm.delivery_enqueued_at', recordedAt: 'm.date_created' }, cutoffs, take);
    return rows.map((r) => ({ dealerId: r.dealerId, messageId: String(r.id) }));
  }

  async oldestAwaitingDelivery(): Promise<Date | null> {
    // Through ix_messages_delivery_hand_over (status first): reads only the undelivered rows, and one of them back.
    const oldest = await this.m.createQueryBuilder(MessageOrmEntity, 'm').select(['m.id', 'm.dateCreated'])
      .where('m.delivery_status IN (:...waiting)', { waiting: ['queued', 'retrying'] })
      .orderBy('m.date_created', 'ASC').limit(1).getOne();
    return oldest?.dateCreated ?? null;
  }

  async recordHandOver(dealerId: string, messageId: string, at: Date): Promise<void> {
    if (!MESSAGE_ID.test(messageId)) return;
    await this.m.update(MessageOrmEntity, { dealerId, id: messageId }, { deliveryEnqueuedAt: at });
  }

  async statistics(dealerId: string, recentSince: Date, filter?: ConversationCountFilter): Promise<ConversationCounts> {
    const open = () => this.dataSource.getRepository(ConversationOrmEntity).createQueryBuilder('c')
      .where('c.dealer_id = :dealerId AND c.is_archived = :archived', { dealerId, archived: false });
    const matching = () => {
      const qb = open();
      if (filter?.channel !== undefined) qb.andWhere('c.channel = :channel', { channel: filter.channel });
      if (filter?.status !== undefined) qb.andWhere('c.status = :status', { status: filter.status });
      if (filter?.awaitingReply !== undefined) qb.andWhere(filter.awaitingReply ? AWAITING_REPLY : `NOT (${AWAITING_REPLY})`);
      return qb.getCount();
    };
    const [channels, statuses, awaiting, recent, matched] = await Promise.all([
      open().select('c.channel', 'key').addSelect('COUNT(*)', 'n').groupBy('c.channel').orderBy('n', 'DESC').getRawMany<{ key: string; n: string | number }>(),
      open().select('c.status', 'key').addSelect('COUNT(*)', 'n').groupBy('c.status').orderBy('n', 'DESC').getRawMany<{ key: string; n: string | number }>(),
      open().andWhere(AWAITING_REPLY).getCount(),
      open().andWhere('c.last_modified_date >= :since', { since: recentSince }).getCount(),
      filter ? matching() : undefined,
    ]);
    const byChannel = channels.map((r) => ({ channel: r.key, count: Number(r.n) }));
    return {
      total: byChannel.reduce((n, c) => n + c.count, 0),
      byChannel,
      byStatus: statuses.map((r) => ({ status: r.key, count: Number(r.n) })),
      awaitingReply: awaiting,
      recent,
      ...(matched === undefined ? {} : { matching: matched }),
    };
  }

  private async withContacts(dealerId: string, rows: ConversationOrmEntity[]): Promise<ConversationWithContact[]> {
    const ids = [...new Set(rows.map((r) => r.contactId).filter((id): id is string => id !== null))];
    const contacts = ids.length ? await this.dataSource.getRepository(ContactOrmEntity).findBy({ dealerId, id: In(ids) }) : [];
    const byId = new Map(contacts.map((c) => [c.id, toContact(c)]));
    return rows.map((r) => ({ conversation: toConversation(r), contact: r.contactId ? (byId.get(r.contactId) ?? null) : null }));
  }


  async findContactByPhone(dealerId: string, phone: string): Promise<Contact | null> {
    const row = await this.m.findOneBy(ContactOrmEntity, { dealerId, phone });
    return row ? toContact(row) : null;
  }

  async findContactByEmail(dealerId: string, email: string): Promise<Contact | null> {
    const row = await this.m.findOneBy(ContactOrmEntity, { dealerId, email });
    return row ? toContact(row) : null;
  }

  async insertContact(c: Contact): Promise<void> {
    await this.m.insert(ContactOrmEntity, { ...c });
  }

  async updateContact(c: Contact): Promise<void> {
    await this.m.update(ContactOrmEntity, { dealerId: c.dealerId, id: c.id }, {
      phone: c.phone, email: c.email, fullName: c.fullName, firstName: c.firstName, lastName: c.lastName, updatedAt: c.updatedAt,
    });
  }

  async findConversation(dealerId: string, conversationId: string): Promise<Conversation | null> {
    const row = await this.m.findOneBy(ConversationOrmEntity, { dealerId, id: conversationId });
    return row ? toConversation(row) : null;
  }

  async findOpenConversation(dealerId: string, contactId: string, channel: string): Promise<Conversation | null> {
    const row = await this.m.findOne(ConversationOrmEntity, {
      where: { dealerId, contactId, channel, isArchived: false },
      order: { lastModifiedDate: 'DESC', id: 'DESC' },
    });
    return row ? toConversation(row) : null;
  }

  async insertConversation(c: Conversation): Promise<void> {
    await this.m.insert(ConversationOrmEntity, { ...c, flags: JSON.stringify(c.flags) });
  }

  async findMessageByExternalId(dealerId: string, externalId: string): Promise<Message | null> {
    const row = await this.m.findOneBy(MessageOrmEntity, { dealerId, externalId });
    return row ? toMessage(row) : null;
  }

  async appendMessage(message: NewMessage, options: { conversationCounted?: boolean } = {}): Promise<string> {
    const result = await this.m.insert(MessageOrmEntity, toMessageRow(message));
    const id = String((result.identifiers[0] as { id: string | number }).id);
    if (options.conversationCounted) return id;
    const at = message.dateCreated;
    await this.m.createQueryBuilder().update(ConversationOrmEntity)
      .set({
        messageCount: () => 'message_count + 1',
        visibleMessageCount: () => (isVisibleInChats(message.role) ? 'visible_message_count + 1' : 'visible_message_count'),
        lastModifiedDate: at,
        ...(message.role === 'user' ? { lastOnlineDate: at } : {}),
      })
      .where('dealer_id = :dealerId AND id = :id', { dealerId: message.dealerId, id: message.conversationId })
      .execute();
    return id;
  }

  async insertMessages(messages: NewMessage[]): Promise<void> {
    for (let i = 0; i < messages.length; i += 200) {
      await this.m.insert(MessageOrmEntity, messages.slice(i, i + 200).map(toMessageRow));
    }
  }
}

interface OutboundRow {
  conversation_id: string;
  text: string;
  subject: string | null;
  attachments: string | null;
  delivery_status: string | null;
  delivery_enqueued_at: Date | string | null;
  destination: string | null;
  channel: string;
  contact_id: string | null;
  full_name: string | null;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  phone: string | null;
}

function toContact(r: ContactOrmEntity): Contact {
  return {
    id: r.id, dealerId: r.dealerId, phone: r.phone, email: r.email, fullName: r.fullName, firstName: r.firstName, lastName: r.lastName,
    createdAt: r.createdAt, updatedAt: r.updatedAt,
  };
}

function toConversation(r: ConversationOrmEntity): Conversation {
  return {
    id: r.id, dealerId: r.dealerId, contactId: r.contactId, channel: r.channel, status: r.status,
    isArchived: r.isArchived, isLikelySpam: r.isLikelySpam, isAdf: r.isAdf, flags: parseJsonArray<string>(r.flags),
    messageCount: r.messageCount, visibleMessageCount: r.visibleMessageCount,
    createdDate: r.createdDate, lastOnlineDate: r.lastOnlineDate, lastModifiedDate: r.lastModifiedDate,
  };
}

function toMessage(r: MessageOrmEntity): Message {
  return {
    id: String(r.id), dealerId: r.dealerId, conversationId: r.conversationId, role: r.role as MessageRole, text: r.text, subject: r.subject,
    attachments: parseJsonArray<Attachment>(r.attachments), dateCreated: r.dateCreated, externalId: r.externalId,
    delivery: r.deliveryStatus
      ? { status: r.deliveryStatus as DeliveryStatus, attempts: r.deliveryAttempts, lastError: r.deliveryLastError, sentAt: r.deliverySentAt }
      : null,
    destination: r.destination,
  };
}

function toMessageRow(m: NewMessage): Omit<MessageOrmEntity, 'id'> {
  return {
    dealerId: m.dealerId, conversationId: m.conversationId, role: m.role, text: m.text, subject: m.subject,
    attachments: m.attachments.length ? JSON.stringify(m.attachments) : null, dateCreated: m.dateCreated, externalId: m.externalId,
    deliveryStatus: m.delivery?.status ?? null, deliveryAttempts: m.delivery?.attempts ?? 0,
    deliveryLastError: m.delivery?.lastError ?? null, deliverySentAt: m.delivery?.sentAt ?? null, deliveryEnqueuedAt: null,
    destination: m.destination,
  };
}

function parseJsonArray<T>(text: string | null): T[] {
  if (!text) return [];
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? (value as T[]) : [];
  } catch {
    return [];
  }
}
