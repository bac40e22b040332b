import { Injectable, OnModuleInit } from '@nestjs/common';
import { ServiceMetrics } from '../../../../../libs/common/metrics/service-metrics';
import { OutboundMessages } from '../../domain/conversation-messages';

/** `outbox_oldest_age_seconds{kind="message"}`: the oldest message accepted (202) and not delivered yet (queued or retrying). */
@Injectable()
export class MessageOutboxMetrics implements OnModuleInit {
  constructor(
    private readonly metrics: ServiceMetrics,
    private readonly messages: OutboundMessages,
  ) {}

  onModuleInit(): void {
    this.metrics.watchOutbox('message', () => this.messages.oldestAwaitingDelivery());
  }
}
