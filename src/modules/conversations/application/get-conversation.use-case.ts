import { Injectable } from '@nestjs/common';
import { ConversationFamily, ConversationWithContact, Message } from '../domain/conversation';
import { ConversationNotFoundError } from '../domain/conversations.errors';
import { ConversationRepository } from '../domain/conversation.repository';

export interface ConversationDetail extends ConversationWithContact {
  /** Empty unless asked for; the chats family never gets debug messages. */
  messages: Message[];
}

@Injectable()
export class GetConversationUseCase {
  constructor(private readonly conversations: ConversationRepository) {}

  async execute(dealerId: string, conversationId: string, options: { includeMessages: boolean; family: ConversationFamily }): Promise<ConversationDetail> {
    const found = await this.conversations.findById(dealerId, conversationId);
    if (!found) throw new ConversationNotFoundError(conversationId);
    const messages = options.includeMessages
      ? await this.conversations.listMessages(dealerId, conversationId, { excludeDebug: options.family === 'chats' })
      : [];
    return { ...found, messages };
  }
}
