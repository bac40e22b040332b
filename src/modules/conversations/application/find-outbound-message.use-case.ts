import { Injectable } from '@nestjs/common';
import { ConversationRepository, OutboundForDelivery } from '../domain/conversation.repository';

/** An outbound message with what its delivery needs (engagement's delivery reads it through its port). */
@Injectable()
export class FindOutboundMessageUseCase {
  constructor(private readonly conversations: ConversationRepository) {}

  execute(dealerId: string, messageId: string): Promise<OutboundForDelivery | null> {
    return this.conversations.findOutbound(dealerId, messageId);
  }
}
