import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ConversationsModule } from '../conversations/conversations.module';
import { DealershipModule } from '../dealership/dealership.module';
import { EngagementController } from './adapters/http/engagement.controller';
import { MessagingInboundController } from './adapters/http/messaging-inbound.controller';
import { MessagingSignatureGuard } from './adapters/http/messaging-signature.guard';
import { messagingEngineProvider } from './adapters/messaging/messaging-engine.provider';
import { IdempotencyKeyOrmEntity } from './adapters/persistence/idempotency-key.orm-entity';
import { TypeOrmIdempotencyKeyRepository } from './adapters/persistence/typeorm-idempotency-key.repository';
import { EngagementDeliveryProcessor } from './adapters/queue/engagement-delivery.processor';
import { QueueDeliveryScheduler } from './adapters/queue/queue-delivery-scheduler';
import { DealershipLookup } from './application/dealership-lookup';
import { DeliverMessageUseCase } from './application/deliver-message.use-case';
import { EngageContactUseCase } from './application/engage-contact.use-case';
import { RecordInboundMessageUseCase } from './application/record-inbound-message.use-case';
import { DeliveryScheduler } from './domain/delivery-scheduler';
import { IdempotencyKeyRepository } from './domain/idempotency-key.repository';

/**
 * `POST /api/v1/ailm/engage`, delivery of outbound messages on the `engagement-delivery` queue
 * through the messaging engine, and the engine's inbound side (customers' replies).
 */
@Module({
  imports: [TypeOrmModule.forFeature([IdempotencyKeyOrmEntity]), ConversationsModule, DealershipModule],
  controllers: [EngagementController, MessagingInboundController],
  providers: [
    { provide: IdempotencyKeyRepository, useClass: TypeOrmIdempotencyKeyRepository },
    { provide: DeliveryScheduler, useClass: QueueDeliveryScheduler },
    messagingEngineProvider,
    MessagingSignatureGuard,
    DealershipLookup,
    EngageContactUseCase,
    DeliverMessageUseCase,
    RecordInboundMessageUseCase,
    EngagementDeliveryProcessor,
  ],
  exports: [RecordInboundMessageUseCase],
})
export class EngagementModule {}
