import { Injectable, Logger } from '@nestjs/common';
import { JobContext } from '../../../../libs/common/queue/job-queue';
import { ConversationRepository } from '../../conversations/domain/conversation.repository';
import { DealershipRepository } from '../../dealership/domain/dealership.repository';
import { DeliveryJob } from '../domain/delivery-scheduler';
import { MessagingEngine, OutboundMessage, PermanentDeliveryError } from '../domain/messaging-engine';

type Attempt = Pick<JobContext, 'attempt' | 'maxAttempts' | 'isFinalAttempt'>;

/**
 * One delivery attempt of an outbound message through the messaging engine. The outcome is
 * recorded on the message: `sent`, `retrying` (the queue will try again) or `failed` (the last
 * attempt, or a failure retrying cannot fix). A thrown error makes the queue retry.
 */
@Injectable()
export class DeliverMessageUseCase {
  private readonly logger = new Logger(DeliverMessageUseCase.name);

  constructor(
    private readonly conversations: ConversationRepository,
    private readonly dealerships: DealershipRepository,
    private readonly engine: MessagingEngine,
  ) {}

  async execute(job: DeliveryJob, attempt: Attempt): Promise<void> {
    const { dealerId, messageId } = job;
    const message = await this.conversations.findMessage(dealerId, messageId);
    if (!message || !message.delivery) {
      this.logger.warn({ dealer_id: dealerId, message_id: messageId }, 'no outbound message to deliver');
      return;
    }
    // A job can run again after a crash between sending and recording: never send twice.
    if (message.delivery.status === 'sent' || message.delivery.status === 'failed') return;

    const [found, dealership] = await Promise.all([
      this.conversations.findById(dealerId, message.conversationId),
      this.dealerships.findById(dealerId),
    ]);
    const contact = found?.contact ?? null;
    const outbound: OutboundMessage = {
      messageId, dealerId, conversationId: message.conversationId, channel: found?.conversation.channel ?? 'sms',
      to: { fullName: contact ? contact.fullName || null : null, email: contact?.email ?? null, phone: contact?.phone ?? null },
      from: {
        name: dealership?.name ?? dealerId,
        email: dealership?.profile.reach_settings.email_outbound_address || null,
        phone: dealership?.profile.phone_num[0]?.value || null,
      },
      subject: message.subject, text: message.text, attachments: message.attachments, attempt: attempt.attempt,
    };

    try {
      await this.engine.send(outbound);
    } catch (err) {
      const permanent = err instanceof PermanentDeliveryError;
      const final = permanent || attempt.isFinalAttempt;
      const lastError = err instanceof Error ? err.message : String(err);
      await this.conversations.recordDelivery(dealerId, messageId, { status: final ? 'failed' : 'retrying', attempts: attempt.attempt, lastError, sentAt: null });
      this.logger.warn({ dealer_id: dealerId, message_id: messageId, attempt: attempt.attempt, final, engine: this.engine.name, error: lastError }, 'delivery attempt failed');
      if (permanent) return;
      throw err;
    }
    await this.conversations.recordDelivery(dealerId, messageId, { status: 'sent', attempts: attempt.attempt, lastError: null, sentAt: new Date() });
  }
}
