import { Injectable } from '@nestjs/common';
import { UnitOfWork } from '../../../../libs/common/persistence/unit-of-work';
import { Delivery } from '../domain/conversation';
import { ConversationRepository } from '../domain/conversation.repository';

/** Records a delivery attempt's outcome on an outbound message. */
@Injectable()
export class RecordDeliveryUseCase {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly conversations: ConversationRepository,
  ) {}

  execute(dealerId: string, messageId: string, delivery: Delivery): Promise<void> {
    return this.unitOfWork.run(() => this.conversations.recordDelivery(dealerId, messageId, delivery));
  }
}
