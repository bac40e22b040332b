import { Injectable, Logger } from '@nestjs/common';
import { ServiceMetrics } from '../../../../libs/common/metrics/service-metrics';
import { ChatNotifier } from '../domain/chat-notifier';
import { LeadNotification, LeadNotifications } from '../domain/lead-notifications';
import { MessagingEngine } from '../domain/messaging-engine';
import { DealershipLookup } from './dealership-lookup';
import { Attempt, recordedAttempt } from './recorded-attempt';

/**
 * One delivery attempt of a hand-off lead's copy: the emails through the messaging engine, the
 * chat notification by a signed POST. Recorded on the copy as a message's delivery is (`sent`,
 * `retrying`, `failed`); a thrown error makes the queue retry with backoff.
 */
@Injectable()
export class DeliverLeadNotificationUseCase {
  private readonly logger = new Logger(DeliverLeadNotificationUseCase.name);

  constructor(
    private readonly leads: LeadNotifications,
    private readonly dealerships: DealershipLookup,
    private readonly engine: MessagingEngine,
    private readonly chat: ChatNotifier,
    private readonly metrics: ServiceMetrics,
  ) {}

  async execute(job: { dealerId: string; messageId: string }, attempt: Attempt): Promise<void> {
    const { dealerId, messageId: id } = job;
    const found = await this.leads.find(dealerId, id);
    if (!found) {
      this.logger.warn({ dealer_id: dealerId, lead_notification_id: id }, 'no lead notification to deliver');
      return;
    }
    // A job can run again after a crash between sending and recording: never send twice.
    if (found.status === 'sent' || found.status === 'failed') return;
    if (!found.handedOver) await this.leads.recordHandOver(dealerId, id, new Date());
    await recordedAttempt(() => this.send(found, attempt.attempt), (outcome) => this.leads.recordDelivery(dealerId, id, outcome), attempt, {
      label: found.kind, metrics: this.metrics, logger: this.logger, context: { dealer_id: dealerId, lead_notification_id: id, kind: found.kind },
    });
  }

  private async send(n: LeadNotification, attempt: number): Promise<void> {
    if (n.kind === 'chat_notification') return this.chat.post(n.to, n.body, `lead-${n.id}`);
    const dealership = await this.dealerships.find(n.dealerId);
    // The ADF copy travels as the email's text (what CRMs parse); the HTML copy with its text alternative.
    const html = n.kind === 'html_email';
    await this.engine.send({
      messageId: n.id, dealerId: n.dealerId, conversationId: null, channel: 'email',
      to: { fullName: null, email: n.to, phone: null },
      from: { name: dealership?.name ?? n.dealerId, email: dealership?.outboundEmail ?? null, phone: dealership?.phone ?? null },
      subject: n.subject, text: html ? (n.text ?? '') : n.body, html: html ? n.body : null, attachments: [], attempt,
    });
  }
}
