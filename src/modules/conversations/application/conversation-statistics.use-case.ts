import { Injectable } from '@nestjs/common';
import { ConversationCounts, ConversationRepository } from '../domain/conversation.repository';

/** The dealership's conversations in figures (the assistant's statistics and digest read them). */
@Injectable()
export class ConversationStatisticsUseCase {
  constructor(private readonly conversations: ConversationRepository) {}

  execute(dealerId: string, recentDays: number): Promise<ConversationCounts> {
    return this.conversations.statistics(dealerId, new Date(Date.now() - recentDays * 24 * 3600 * 1000));
  }
}
