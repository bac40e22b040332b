import { Injectable, OnModuleInit } from '@nestjs/common';
import { ServiceMetrics } from '../../../../../libs/common/metrics/service-metrics';
import { OutboundMessages } from '../../domain/conversation-messages';
import { LeadNotifications } from '../../domain/lead-notifications';

/**
 * `outbox_oldest_age_seconds{kind="message"}`: the oldest message accepted (202) and not delivered yet
 * (queued or retrying); `{kind="handoff"}`: the same for hand-off leads' copies.
 */
@Injectable()
export class MessageOutboxMetrics implements OnModuleInit {
  constructor(
    private readonly metrics: ServiceMetrics,
    private readonly messages: OutboundMessages,
    private readonly leads: LeadNotifications,
  ) {}

  onModuleInit(): void {
    this.metrics.watchOutbox('message', () => this.messages.oldestAwaitingDelivery());
    this.metrics.watchOutbox('handoff', () => this.leads.oldestAwaitingDelivery());
  }
}
