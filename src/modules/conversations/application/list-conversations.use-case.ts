import { Injectable } from '@nestjs/common';
import { ValidationError } from '../../../../libs/common/errors/domain-error';
import { canonicalStatus, normaliseChannel } from '../domain/conversation';
import { ConversationListQuery, dateRangeProblems } from '../domain/conversation-list-query';
import { ConversationPage, ConversationRepository } from '../domain/conversation.repository';

@Injectable()
export class ListConversationsUseCase {
  constructor(private readonly conversations: ConversationRepository) {}

  async execute(dealerId: string, query: ConversationListQuery): Promise<ConversationPage> {
    const problems = dateRangeProblems(query);
    if (problems.length) throw new ValidationError('Request validation failed', problems);
    return this.conversations.list(dealerId, {
      ...query,
      channel: query.channel === undefined ? undefined : normaliseChannel(query.channel),
      status: query.status === undefined ? undefined : canonicalStatus(query.status),
    });
  }
}
