import { NotFoundError } from '../../../../libs/common/errors/domain-error';

export class ConversationNotFoundError extends NotFoundError {
  constructor(conversationId: string) {
    super(`Conversation ${conversationId} not found`, 'conversation.not_found');
  }
}
