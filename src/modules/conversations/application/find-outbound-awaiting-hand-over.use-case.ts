import { Injectable } from '@nestjs/common';
import { ConversationRepository, HandOverCutoffs, OutboundRef } from '../domain/conversation.repository';

/** The outbox: outbound messages waiting for a hand-over to the delivery queue (engagement's relay reads it). */
@Injectable()
export class FindOutboundAwaitingHandOverUseCase {
  constructor(private readonly conversations: ConversationRepository) {}

  execute(cutoffs: HandOverCutoffs, take: number): Promise<OutboundRef[]> {
    return this.conversations.awaitingHandOver(cutoffs, take);
  }
}
