import { Logger } from '@nestjs/common';
import { MessagingEngine, OutboundMessage, SendReceipt } from '../../domain/messaging-engine';

/** The default engine: nothing leaves the service; each message is logged and counts as sent. */
export class LogMessagingEngine extends MessagingEngine {
  readonly name = 'log';
  private readonly logger = new Logger('MessagingEngine');

  async send(message: OutboundMessage): Promise<SendReceipt> {
    this.logger.log({
      dealer_id: message.dealerId, message_id: message.messageId, conversation_id: message.conversationId, channel: message.channel,
      to: message.channel === 'email' ? message.to.email : message.to.phone, length: message.text.length,
    }, 'outbound message (log engine: not sent anywhere)');
    return { externalId: `log-${message.messageId}` };
  }
}
