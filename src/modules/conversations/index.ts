/** What other contexts may use of conversations: its module, public use cases, their types and errors. */
export { ConversationsModule } from './conversations.module';
export { RecordMessageUseCase, type RecordMessageInput, type RecordedMessage } from './application/record-message.use-case';
export { FindOutboundMessageUseCase } from './application/find-outbound-message.use-case';
export { RecordDeliveryUseCase } from './application/record-delivery.use-case';
export type { OutboundForDelivery } from './domain/conversation.repository';
export { addressKindOf, type Attachment, type Delivery, type DeliveryStatus } from './domain/conversation';
export { ConversationNotFoundError } from './domain/conversations.errors';
