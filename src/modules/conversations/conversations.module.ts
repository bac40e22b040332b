import { Module, OnModuleInit } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DemoSeedRegistry } from '../../../libs/common/seed/demo-seed.registry';
import { ChatsController, ConversationsController } from './adapters/http/conversations.controller';
import { ContactOrmEntity, ConversationOrmEntity, MessageOrmEntity } from './adapters/persistence/conversation.orm-entity';
import { TypeOrmConversationRepository } from './adapters/persistence/typeorm-conversation.repository';
import { ConversationsDemoSeeder } from './adapters/seed/conversations.demo-seeder';
import { GetConversationUseCase } from './application/get-conversation.use-case';
import { ListConversationsUseCase } from './application/list-conversations.use-case';
import { ConversationStatisticsUseCase } from './application/conversation-statistics.use-case';
import { FindOutboundAwaitingHandOverUseCase } from './application/find-outbound-awaiting-hand-over.use-case';
import { FindOutboundMessageUseCase } from './application/find-outbound-message.use-case';
import { RecordDeliveryUseCase } from './application/record-delivery.use-case';
import { RecordHandOverUseCase } from './application/record-hand-over.use-case';
import { RecordMessageUseCase } from './application/record-message.use-case';
import { ConversationRepository } from './domain/conversation.repository';

/**
 * Contacts, conversations and messages; the two read families of spec 4.2. Engagement (outbound)
 * and the messaging engine's inbound side record messages through RecordMessageUseCase.
 */
@Module({
  imports: [TypeOrmModule.forFeature([ContactOrmEntity, ConversationOrmEntity, MessageOrmEntity])],
  controllers: [ConversationsController, ChatsController],
  providers: [
    { provide: ConversationRepository, useClass: TypeOrmConversationRepository },
    ListConversationsUseCase,
    GetConversationUseCase,
    RecordMessageUseCase,
    FindOutboundMessageUseCase,
    RecordDeliveryUseCase,
    FindOutboundAwaitingHandOverUseCase,
    RecordHandOverUseCase,
    ConversationStatisticsUseCase,
    ConversationsDemoSeeder,
  ],
  exports: [
    RecordMessageUseCase, FindOutboundMessageUseCase, RecordDeliveryUseCase, FindOutboundAwaitingHandOverUseCase, RecordHandOverUseCase,
    ConversationStatisticsUseCase, GetConversationUseCase,
  ],
})
export class ConversationsModule implements OnModuleInit {
  constructor(
    private readonly seeds: DemoSeedRegistry,
    private readonly demoSeeder: ConversationsDemoSeeder,
  ) {}

  onModuleInit(): void {
    this.seeds.register(this.demoSeeder);
  }
}
