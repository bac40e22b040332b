/** What other contexts (and the roots) may use of conversations: its module, public use cases, their types. */
export { ConversationsModule } from './conversations.module';
export { RecordMessageUseCase, type RecordedMessage } from './application/record-message.use-case';
export { FindOutboundMessageUseCase } from './application/find-outbound-message.use-case';
export { RecordDeliveryUseCase } from './application/record-delivery.use-case';
export { FindOutboundAwaitingHandOverUseCase } from './application/find-outbound-awaiting-hand-over.use-case';
export { RecordHandOverUseCase } from './application/record-hand-over.use-case';
export type { OutboundForDelivery } from './domain/conversation.repository';
export { addressKindOf, COMMON_CHANNELS, CONVERSATION_STATUSES } from './domain/conversation';
export { ConversationStatisticsUseCase } from './application/conversation-statistics.use-case';
export { GetConversationUseCase } from './application/get-conversation.use-case';
export { ConversationNotFoundError } from './domain/conversations.errors';
