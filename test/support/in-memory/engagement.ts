import { UnitOfWork } from '../../../libs/common/persistence/unit-of-work';
import {
  AppendedMessage, DeliveryOutcome, HandOverCutoffs, MessageToDeliver, OutboundMessages,
} from '../../../src/modules/engagement/domain/conversation-messages';
import { DealershipDirectory, DealershipLeadRouting, DealershipSummary } from '../../../src/modules/engagement/domain/dealership-directory';
import { DeliveryJob, DeliveryScheduler } from '../../../src/modules/engagement/domain/delivery-scheduler';
import { IdempotencyClaim, IdempotencyKeyRepository } from '../../../src/modules/engagement/domain/idempotency-key.repository';
import { LeadNotification, LeadNotificationRef, LeadNotifications } from '../../../src/modules/engagement/domain/lead-notifications';
import { MessagingEngine, OutboundMessage, PermanentDeliveryError, SendReceipt } from '../../../src/modules/engagement/domain/messaging-engine';

/**
 * In-memory port adapters for engagement's use-case specs. The unit of work snapshots what it
 * guards and restores it when the work throws, as a rolled-back transaction would.
 */
export class InMemoryUnitOfWork extends UnitOfWork {
  private readonly stores: { snapshot(): unknown; restore(state: unknown): void }[] = [];
  private depth = 0;

  guard(...stores: { snapshot(): unknown; restore(state: unknown): void }[]): this {
    this.stores.push(...stores);
    return this;
  }

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.depth > 0) return work();
    const saved = this.stores.map((s) => s.snapshot());
    this.depth++;
    try {
      return await work();
    } catch (err) {
      this.stores.forEach((s, i) => s.restore(saved[i]));
      throw err;
    } finally {
      this.depth--;
    }
  }
}

type StoredMessage = Omit<MessageToDeliver, 'handedOver'> & { recordedAt: Date; handedOverAt: Date | null };

export class InMemoryOutboundMessages extends OutboundMessages {
  messages = new Map<string, StoredMessage>();
  private nextId = 1;
  /** The clock that stamps messages when they are recorded and when they are handed over (the `at` given is ignored). */
  now = () => new Date();

  snapshot(): unknown {
    return { messages: new Map([...this.messages].map(([k, v]) => [k, { ...v }])), nextId: this.nextId };
  }

  restore(state: unknown): void {
    ({ messages: this.messages, nextId: this.nextId } = state as { messages: Map<string, StoredMessage>; nextId: number });
  }

  async append(m: Parameters<OutboundMessages['append']>[0]): Promise<AppendedMessage> {
    const messageId = String(this.nextId++);
    this.messages.set(messageId, {
      messageId, dealerId: m.dealerId, conversationId: `conversation-${m.contact.phone ?? m.contact.email}`, channel: m.channel,
      text: m.text, subject: m.subject, attachments: [], deliveryStatus: 'queued',
      to: { fullName: m.contact.fullName ?? null, email: m.contact.email ?? null, phone: m.contact.phone ?? null },
      recordedAt: this.now(), handedOverAt: null,
    });
    return { conversationId: this.messages.get(messageId)!.conversationId, messageId, duplicate: false };
  }

  async findToDeliver(dealerId: string, messageId: string): Promise<MessageToDeliver | null> {
    const found = this.messages.get(messageId);
    if (!found || found.dealerId !== dealerId) return null;
    const { recordedAt: _recordedAt, handedOverAt, ...message } = found;
    return { ...message, handedOver: handedOverAt !== null };
  }

  async awaitingHandOver(cutoffs: HandOverCutoffs, take: number): Promise<DeliveryJob[]> {
    const all = [...this.messages.values()];
    const never = all.filter((m) => m.deliveryStatus === 'queued' && m.handedOverAt === null && m.recordedAt < cutoffs.recordedBefore);
    const again = all.filter((m) => (m.deliveryStatus === 'queued' || m.deliveryStatus === 'retrying') && m.handedOverAt !== null && m.handedOverAt < cutoffs.handedOverBefore)
      .sort((a, b) => a.handedOverAt!.getTime() - b.handedOverAt!.getTime());
    return [...never, ...again].slice(0, take).map((m) => ({ dealerId: m.dealerId, messageId: m.messageId }));
  }

  async oldestAwaitingDelivery(): Promise<Date | null> {
    const waiting = [...this.messages.values()].filter((m) => m.deliveryStatus === 'queued' || m.deliveryStatus === 'retrying');
    return waiting.reduce<Date | null>((oldest, m) => (oldest && oldest <= m.recordedAt ? oldest : m.recordedAt), null);
  }

  async recordHandOver(dealerId: string, messageId: string): Promise<void> {
    const found = this.messages.get(messageId);
    if (found && found.dealerId === dealerId) found.handedOverAt = this.now();
  }

  outcomes: { messageId: string; outcome: DeliveryOutcome }[] = [];

  async recordDelivery(dealerId: string, messageId: string, outcome: DeliveryOutcome): Promise<void> {
    const found = this.messages.get(messageId);
    if (!found || found.dealerId !== dealerId) return;
    found.deliveryStatus = outcome.status;
    this.outcomes.push({ messageId, outcome });
  }
}

export class InMemoryIdempotencyKeys extends IdempotencyKeyRepository {
  keys = new Map<string, { requestHash: string; createdAt: Date; messageId: string | null }>();

  snapshot(): unknown {
    return new Map([...this.keys].map(([k, v]) => [k, { ...v }]));
  }

  restore(state: unknown): void {
    this.keys = state as typeof this.keys;
  }

  async claim(c: IdempotencyClaim): Promise<{ requestHash: string } | null> {
    const id = `${c.dealerId}/${c.key}`;
    const held = this.keys.get(id);
    if (held && held.createdAt.getTime() > c.now.getTime() - c.windowMs) return { requestHash: held.requestHash };
    this.keys.set(id, { requestHash: c.requestHash, createdAt: c.now, messageId: null });
    return null;
  }

  async attachMessage(dealerId: string, key: string, messageId: string): Promise<void> {
    this.keys.get(`${dealerId}/${key}`)!.messageId = messageId;
  }

  async purge(dealerId: string, before: Date): Promise<number> {
    let purged = 0;
    for (const [id, record] of this.keys) {
      if (id.startsWith(`${dealerId}/`) && record.createdAt < before) {
        this.keys.delete(id);
        purged++;
      }
    }
    return purged;
  }
}

/** A queue that takes jobs, refuses them (`down`), or never answers (`hanging`: the promise stays pending until `answer()`). */
export class InMemoryScheduler extends DeliveryScheduler {
  readonly jobs: (DeliveryJob & { again: boolean })[] = [];
  down = false;
  hanging = false;
  private waiting: (() => void)[] = [];

  async schedule(job: DeliveryJob, options: { again?: boolean } = {}): Promise<void> {
    if (this.hanging) await new Promise<void>((resolve) => this.waiting.push(resolve));
    if (this.down) throw new Error('queue unavailable');
    this.jobs.push({ ...job, again: options.again ?? false });
  }

  /** The hanging queue answers the calls waiting on it (taking or refusing them as `down` says). */
  answer(): void {
    this.hanging = false;
    for (const resolve of this.waiting.splice(0)) resolve();
  }
}

export class InMemoryDealerships extends DealershipDirectory {
  constructor(private readonly dealerships: DealershipSummary[]) {
    super();
  }

  async find(dealerId: string): Promise<DealershipSummary | null> {
    return this.dealerships.find((d) => d.id === dealerId) ?? null;
  }

  async leadRouting(dealerId: string): Promise<DealershipLeadRouting | null> {
    const d = await this.find(dealerId);
    return d && { dealership: { id: d.id, name: d.name, region: d.region }, destinations: { adfEmails: [], htmlEmails: [], chatUrl: null } };
  }
}

/** Lead notifications kept in a list, for the relay's spec: `add` puts a committed copy in the outbox. */
export class InMemoryLeadNotifications extends LeadNotifications {
  readonly rows: LeadNotification[] = [];

  add(dealerId: string, id: string, createdDate: Date): void {
    this.rows.push({
      id, dealerId, leadKey: `run-${id}`, kind: 'adf_email', to: 'leads@example.com', subject: 'Lead', body: '<adf/>', text: null, status: 'queued',
      attempts: 0, lastError: null, handedOver: false, sentAt: null, createdDate,
    });
  }

  async recordOnce(): Promise<LeadNotification[]> {
    throw new Error('not used by the relay');
  }

  async findByLeads(dealerId: string, keys: readonly string[]): Promise<LeadNotification[]> {
    return this.rows.filter((r) => r.dealerId === dealerId && keys.includes(r.leadKey));
  }

  async find(dealerId: string, id: string): Promise<LeadNotification | null> {
    return this.rows.find((r) => r.dealerId === dealerId && r.id === id) ?? null;
  }

  async recordDelivery(dealerId: string, id: string, outcome: DeliveryOutcome): Promise<void> {
    const row = await this.find(dealerId, id);
    if (row) Object.assign(row, { status: outcome.status, attempts: outcome.attempts, lastError: outcome.lastError, sentAt: outcome.sentAt });
  }

  async recordHandOver(dealerId: string, id: string): Promise<void> {
    const row = await this.find(dealerId, id);
    if (row) row.handedOver = true;
  }

  async awaitingHandOver(cutoffs: HandOverCutoffs, take: number): Promise<LeadNotificationRef[]> {
    return this.rows.filter((r) => r.status === 'queued' && !r.handedOver && r.createdDate < cutoffs.recordedBefore).slice(0, take).map((r) => ({ dealerId: r.dealerId, id: r.id }));
  }

  async oldestAwaitingDelivery(): Promise<Date | null> {
    return this.rows.find((r) => r.status === 'queued' || r.status === 'retrying')?.createdDate ?? null;
  }
}

/** Fails with the scripted errors in order, then sends. */
export class ScriptedEngine extends MessagingEngine {
  readonly name = 'scripted';
  readonly sent: OutboundMessage[] = [];

  constructor(private readonly failures: ('transient' | 'permanent')[] = []) {
    super();
  }

  async send(message: OutboundMessage): Promise<SendReceipt> {
    const failure = this.failures.shift();
    if (failure === 'permanent') throw new PermanentDeliveryError('no such number');
    if (failure === 'transient') throw new Error('engine timed out');
    this.sent.push(message);
    return { externalId: `engine-${this.sent.length}` };
  }
}
