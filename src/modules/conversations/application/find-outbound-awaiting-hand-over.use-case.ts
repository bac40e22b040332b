import { Injectable } from '@nestjs/common';
import { ConversationRepository, HandOverCutoffs, OutboundRef } from '../domain/conversation.repository';

/** The outbox: outbound messages waiting for a hand-over to the delivery queue (engagement's relay reads it). */
@Injectable()
export class FindOutboundAwaitingHandOverUseCase {
  constructor(private readonly conversations: ConversationRepository) {}

  execute(cutoffs: HandOverCutoffs, take: number): Promise<OutboundRef[]> {
    return this.conversations.awaitingHandOver(cutoffs, take);
  }

  /** When the oldest message still waiting for delivery was recorded (the operator's outbox age); null: none waits. */
  oldestAwaitingDelivery(): Promise<Date | null> {
    return this.conversations.oldestAwaitingDelivery();
  }
}
