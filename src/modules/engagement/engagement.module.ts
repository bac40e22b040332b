import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ConversationsModule } from '../conversations';
import { DealershipModule } from '../dealership';
import { ConversationInboundMessages, ConversationOutboundMessages } from './adapters/conversations/conversation-messages.adapter';
import { DealershipContextDirectory } from './adapters/dealership/dealership-directory.adapter';
import { EngagementController } from './adapters/http/engagement.controller';
import { MessagingInboundController } from './adapters/http/messaging-inbound.controller';
import { MessageOutboxMetrics } from './adapters/metrics/message-outbox.metrics';
import { messagingEngineProvider } from './adapters/messaging/messaging-engine.provider';
import { IdempotencyKeyOrmEntity } from './adapters/persistence/idempotency-key.orm-entity';
import { LeadNotificationOrmEntity } from './adapters/persistence/lead-notification.orm-entity';
import { TypeOrmLeadNotifications } from './adapters/persistence/typeorm-lead-notifications.repository';
import { HttpChatNotifier } from './adapters/messaging/http-chat-notifier';
import { TypeOrmIdempotencyKeyRepository } from './adapters/persistence/typeorm-idempotency-key.repository';
import { QueueDeliveryScheduler } from './adapters/queue/queue-delivery-scheduler';
import { DealershipLookup } from './application/dealership-lookup';
import { DeliverLeadNotificationUseCase } from './application/deliver-lead-notification.use-case';
import { DeliverMessageUseCase } from './application/deliver-message.use-case';
import { DeliveryHandOver } from './application/delivery-hand-over';
import { EngageContactUseCase } from './application/engage-contact.use-case';
import { HandOffLeadUseCase } from './application/hand-off-lead.use-case';
import { RecordInboundMessageUseCase } from './application/record-inbound-message.use-case';
import { RelayDeliveriesUseCase } from './application/relay-deliveries.use-case';
import { InboundMessages, OutboundMessages } from './domain/conversation-messages';
import { ChatNotifier } from './domain/chat-notifier';
import { DealershipDirectory } from './domain/dealership-directory';
import { DeliveryScheduler } from './domain/delivery-scheduler';
import { IdempotencyKeyRepository } from './domain/idempotency-key.repository';
import { LeadNotifications } from './domain/lead-notifications';
import { AppConfig } from '../../config/app-config';

/** decisions.md section 9: a chat notification gives up after 10 s (and is retried with backoff). */
const CHAT_NOTIFICATION_TIMEOUT_MS = 10_000;

/**
 * `POST /api/v1/ailm/engage` and the engine's inbound side (customers' replies). Messages are
 * kept by the conversations context, reached through the OutboundMessages/InboundMessages ports;
 * delivery runs on the `engagement-delivery` queue (EngagementWorkerModule, with the outbox relay).
 */
@Module({
  imports: [TypeOrmModule.forFeature([IdempotencyKeyOrmEntity, LeadNotificationOrmEntity]), ConversationsModule, DealershipModule],
  controllers: [EngagementController, MessagingInboundController],
  providers: [
    { provide: IdempotencyKeyRepository, useClass: TypeOrmIdempotencyKeyRepository },
    { provide: DeliveryScheduler, useClass: QueueDeliveryScheduler },
    { provide: OutboundMessages, useClass: ConversationOutboundMessages },
    { provide: InboundMessages, useClass: ConversationInboundMessages },
    { provide: DealershipDirectory, useClass: DealershipContextDirectory },
    { provide: LeadNotifications, useClass: TypeOrmLeadNotifications },
    { provide: ChatNotifier, inject: [AppConfig], useFactory: ({ messaging }: AppConfig) => new HttpChatNotifier(messaging.engineSecret, CHAT_NOTIFICATION_TIMEOUT_MS) },
    messagingEngineProvider,
    MessageOutboxMetrics,
    DealershipLookup,
    DeliveryHandOver,
    EngageContactUseCase,
    DeliverMessageUseCase,
    DeliverLeadNotificationUseCase,
    HandOffLeadUseCase,
    RelayDeliveriesUseCase,
    RecordInboundMessageUseCase,
  ],
  exports: [RecordInboundMessageUseCase, HandOffLeadUseCase, DeliverMessageUseCase, DeliverLeadNotificationUseCase, RelayDeliveriesUseCase, DeliveryHandOver],
})
export class EngagementModule {}
