import { Injectable } from '@nestjs/common';
import {
  COMMON_CHANNELS, CONVERSATION_STATUSES, ConversationNotFoundError, ConversationStatisticsUseCase, GetConversationUseCase,
} from '../../../conversations';
import { ConversationExcerpt, ConversationFilter, ConversationInsights, ConversationStatistics } from '../../domain/conversation-statistics';

/** The conversations context's public use cases, in the assistant's words. */
@Injectable()
export class ConversationContextInsights extends ConversationInsights {
  readonly statuses = CONVERSATION_STATUSES;
  readonly channels = COMMON_CHANNELS;

  constructor(
    private readonly statisticsOf: ConversationStatisticsUseCase,
    private readonly getConversation: GetConversationUseCase,
  ) {
    super();
  }

  async statistics(dealerId: string, recentDays: number, filter?: ConversationFilter): Promise<ConversationStatistics> {
    const s = await this.statisticsOf.execute(dealerId, recentDays, filter);
    return {
      total: s.total, byChannel: s.byChannel, byStatus: s.byStatus, awaitingReply: s.awaitingReply, recent: { days: recentDays, count: s.recent },
      ...(s.matching === undefined ? {} : { matching: s.matching }),
    };
  }

  async excerpt(dealerId: string, conversationId: string, lastMessages: number): Promise<ConversationExcerpt | null> {
    try {
      const found = await this.getConversation.execute(dealerId, conversationId, { includeMessages: true, family: 'chats' });
      return {
        conversationId: found.conversation.id,
        channel: found.conversation.channel,
        status: found.conversation.status,
        contactName: found.contact?.fullName || null,
        lastModified: found.conversation.lastModifiedDate,
        messages: found.messages.slice(-lastMessages).map((m) => ({ role: m.role, text: m.text, at: m.dateCreated })),
      };
    } catch (err) {
      if (err instanceof ConversationNotFoundError) return null;
      throw err;
    }
  }
}
