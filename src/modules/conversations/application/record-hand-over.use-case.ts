import { Injectable } from '@nestjs/common';
import { UnitOfWork } from '../../../../libs/common/persistence/unit-of-work';
import { ConversationRepository } from '../domain/conversation.repository';

/** Records that an outbound message was handed to the delivery queue. */
@Injectable()
export class RecordHandOverUseCase {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly conversations: ConversationRepository,
  ) {}

  execute(dealerId: string, messageId: string, at: Date): Promise<void> {
    return this.unitOfWork.run(() => this.conversations.recordHandOver(dealerId, messageId, at));
  }
}
