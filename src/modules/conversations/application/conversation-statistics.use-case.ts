import { Injectable } from '@nestjs/common';
import { canonicalStatus, normaliseChannel } from '../domain/conversation';
import { ConversationCountFilter, ConversationCounts, ConversationRepository } from '../domain/conversation.repository';

/** The dealership's conversations in figures (the assistant's statistics and digest read them). */
@Injectable()
export class ConversationStatisticsUseCase {
  constructor(private readonly conversations: ConversationRepository) {}

  /** With a filter (channel and status in any case), also how many conversations meet all of it. */
  execute(dealerId: string, recentDays: number, filter?: ConversationCountFilter): Promise<ConversationCounts> {
    const normalised = filter && {
      ...(filter.channel !== undefined ? { channel: normaliseChannel(filter.channel) } : {}),
      ...(filter.status !== undefined ? { status: canonicalStatus(filter.status) } : {}),
      ...(filter.awaitingReply !== undefined ? { awaitingReply: filter.awaitingReply } : {}),
    };
    return this.conversations.statistics(dealerId, new Date(Date.now() - recentDays * 24 * 3600 * 1000), normalised);
  }
}
