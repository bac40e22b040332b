import { Injectable } from '@nestjs/common';
import {
  addressKindOf, FindOutboundAwaitingHandOverUseCase, FindOutboundMessageUseCase, OutboundForDelivery, RecordDeliveryUseCase, RecordedMessage,
  RecordHandOverUseCase, RecordMessageUseCase,
} from '../../../conversations';
import {
  AppendedMessage, DeliveryOutcome, HandOverCutoffs, InboundMessages, MessageToDeliver, OutboundMessages,
} from '../../domain/conversation-messages';
import { DeliveryJob } from '../../domain/delivery-scheduler';

function appended(recorded: RecordedMessage): AppendedMessage {
  return { conversationId: recorded.conversationId, messageId: recorded.messageId, duplicate: recorded.duplicate };
}

/** Engagement's outbound messages, kept by the conversations context (its public use cases). */
@Injectable()
export class ConversationOutboundMessages extends OutboundMessages {
  constructor(
    private readonly recordMessage: RecordMessageUseCase,
    private readonly findOutbound: FindOutboundMessageUseCase,
    private readonly recordDeliveryOutcome: RecordDeliveryUseCase,
    private readonly findAwaitingHandOver: FindOutboundAwaitingHandOverUseCase,
    private readonly recordHandOverUseCase: RecordHandOverUseCase,
  ) {
    super();
  }

  async append(message: Parameters<OutboundMessages['append']>[0]): Promise<AppendedMessage> {
    return appended(await this.recordMessage.execute({
      dealerId: message.dealerId, channel: message.channel, contact: message.contact, role: 'agent', text: message.text, subject: message.subject,
      delivery: { status: 'queued', attempts: 0, lastError: null, sentAt: null },
    }));
  }

  async findToDeliver(dealerId: string, messageId: string): Promise<MessageToDeliver | null> {
    const found = await this.findOutbound.execute(dealerId, messageId);
    if (!found) return null;
    return {
      messageId, dealerId, conversationId: found.conversationId, channel: found.channel, text: found.text, subject: found.subject,
      attachments: found.attachments, deliveryStatus: found.deliveryStatus, handedOver: found.handedOver, to: recipient(found),
    };
  }

  recordDelivery(dealerId: string, messageId: string, outcome: DeliveryOutcome): Promise<void> {
    return this.recordDeliveryOutcome.execute(dealerId, messageId, outcome);
  }

  awaitingHandOver(cutoffs: HandOverCutoffs, take: number): Promise<DeliveryJob[]> {
    return this.findAwaitingHandOver.execute(cutoffs, take);
  }

  recordHandOver(dealerId: string, messageId: string, at: Date): Promise<void> {
    return this.recordHandOverUseCase.execute(dealerId, messageId, at);
  }

  oldestAwaitingDelivery(): Promise<Date | null> {
    return this.findAwaitingHandOver.oldestAwaitingDelivery();
  }
}

/** Customers' replies, recorded by the conversations context as role `user`. */
@Injectable()
export class ConversationInboundMessages extends InboundMessages {
  constructor(private readonly recordMessage: RecordMessageUseCase) {
    super();
  }

  async record(message: Parameters<InboundMessages['record']>[0]): Promise<AppendedMessage> {
    return appended(await this.recordMessage.execute({ ...message, role: 'user' }));
  }
}

/**
 * The message goes to the destination recorded with it (the phone for sms, the email for email),
 * never to whatever the contact's address is by the time the job runs. The other address and the
 * name are the contact's current ones, for reference. A message recorded before destinations were
 * stored goes to the contact's address.
 */
function recipient(found: OutboundForDelivery): MessageToDeliver['to'] {
  const to = { fullName: found.contact?.fullName || null, email: found.contact?.email ?? null, phone: found.contact?.phone ?? null };
  if (found.destination !== null) to[addressKindOf(found.channel)] = found.destination;
  return to;
}
