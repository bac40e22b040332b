import { Injectable, Logger } from '@nestjs/common';
import { ServiceMetrics } from '../../../../libs/common/metrics/service-metrics';
import { OutboundMessages } from '../domain/conversation-messages';
import { DeliveryJob } from '../domain/delivery-scheduler';
import { MessagingEngine, OutboundMessage } from '../domain/messaging-engine';
import { DealershipLookup } from './dealership-lookup';
import { Attempt, recordedAttempt } from './recorded-attempt';

/**
 * One delivery attempt of an outbound message through the messaging engine. The outcome is
 * recorded on the message: `sent`, `retrying` (the queue will try again) or `failed` (the last
 * attempt, or a failure retrying cannot fix). A thrown error makes the queue retry.
 */
@Injectable()
export class DeliverMessageUseCase {
  private readonly logger = new Logger(DeliverMessageUseCase.name);

  constructor(
    private readonly messages: OutboundMessages,
    private readonly dealerships: DealershipLookup,
    private readonly engine: MessagingEngine,
    private readonly metrics: ServiceMetrics,
  ) {}

  async execute(job: DeliveryJob, attempt: Attempt): Promise<void> {
    const { dealerId, messageId } = job;
    const [found, dealership] = await Promise.all([this.messages.findToDeliver(dealerId, messageId), this.dealerships.find(dealerId)]);
    if (!found || !found.deliveryStatus) {
      this.logger.warn({ dealer_id: dealerId, message_id: messageId }, 'no outbound message to deliver');
      return;
    }
    // A job can run again after a crash between sending and recording: never send twice.
    if (found.deliveryStatus === 'sent' || found.deliveryStatus === 'failed') return;
    // The job runs, so it was handed over, but the process that handed it over may have died before
    // recording that (another worker took the job): recorded now, or the relay would never hand the
    // message again should the queue lose its retry (it hands again only what it knows was handed over).
    if (!found.handedOver) await this.messages.recordHandOver(dealerId, messageId, new Date());

    const outbound: OutboundMessage = {
      messageId, dealerId, conversationId: found.conversationId, channel: found.channel,
      to: found.to,
      from: { name: dealership?.name ?? dealerId, email: dealership?.outboundEmail ?? null, phone: dealership?.phone ?? null },
      subject: found.subject, text: found.text, html: null, attachments: found.attachments, attempt: attempt.attempt,
    };

    await recordedAttempt(() => this.engine.send(outbound), (outcome) => this.messages.recordDelivery(dealerId, messageId, outcome), attempt, {
      label: found.channel, metrics: this.metrics, logger: this.logger, context: { dealer_id: dealerId, message_id: messageId, engine: this.engine.name },
    });
  }
}
