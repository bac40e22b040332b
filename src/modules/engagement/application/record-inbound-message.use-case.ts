import { Injectable } from '@nestjs/common';
import { ValidationError } from '../../../../libs/common/errors/domain-error';
import { normaliseChannel, normaliseEmail } from '../../../../libs/common/contact/contact-address';
import { AppendedMessage, InboundMessages, MessageAttachment } from '../domain/conversation-messages';
import { DealershipNotFoundError } from '../../dealership';
import { toE164 } from '../domain/phone-number';
import { DealershipLookup } from './dealership-lookup';

export interface InboundMessage {
  dealerId: string;
  channel: string;
  /** The customer's phone or email address. */
  from?: string | null;
  /** Reply into this conversation instead of finding one by the sender. */
  conversationId?: string | null;
  text: string;
  subject?: string | null;
  attachments?: MessageAttachment[];
  /** The engine's message id: a redelivery of the same id is recorded once. */
  externalId?: string | null;
  fullName?: string | null;
  isAdf?: boolean;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * A customer's message reported by the messaging engine (signed endpoint or CLI): recorded as role
 * `user` in the sender's conversation on the channel (created `Active` if none), which moves the
 * conversation's last_modified_date and last_online_date_time and counts the message.
 */
@Injectable()
export class RecordInboundMessageUseCase {
  constructor(
    private readonly dealerships: DealershipLookup,
    private readonly inbound: InboundMessages,
  ) {}

  async execute(input: InboundMessage): Promise<AppendedMessage> {
    const dealership = await this.dealerships.find(input.dealerId);
    // Exactly its id: MySQL's collation would also match `ACME-Motors ` and store the message under that spelling.
    if (!dealership || dealership.id !== input.dealerId) throw new DealershipNotFoundError(input.dealerId);

    const from = input.from?.trim() || null;
    let phone: string | null = null;
    let email: string | null = null;
    if (from && from.includes('@')) {
      if (!EMAIL.test(from)) throw new ValidationError('Request validation failed', [{ field: 'from', errors: ['from is not a valid email address'] }]);
      email = normaliseEmail(from);
    } else if (from) {
      phone = toE164(from, dealership.region);
      if (!phone) throw new ValidationError('Request validation failed', [{ field: 'from', errors: ['from is neither an email address nor a valid phone number'] }]);
    }
    if (!from && !input.conversationId) {
      throw new ValidationError('Request validation failed', [{ field: 'from', errors: ['from (the sender) or conversation_id is required'] }]);
    }
    if (!input.text.trim() && !input.attachments?.length) {
      throw new ValidationError('Request validation failed', [{ field: 'text', errors: ['text must not be blank unless there are attachments'] }]);
    }

    return this.inbound.record({
      dealerId: input.dealerId,
      channel: normaliseChannel(input.channel),
      conversationId: input.conversationId ?? undefined,
      contact: from ? { phone, email, fullName: input.fullName ?? null } : undefined,
      text: input.text,
      subject: input.subject ?? null,
      attachments: input.attachments ?? [],
      externalId: input.externalId ?? null,
      isAdf: input.isAdf ?? false,
    });
  }
}
