import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { AddressKind, addressKindOf, Attachment, Contact, Conversation, Delivery, isVisibleInChats, MessageRole, normaliseChannel, normaliseEmail } from '../domain/conversation';
import { ContactDetails, planContactUpsert } from '../domain/contact-upsert';
import { ConversationNotFoundError } from '../domain/conversations.errors';
import { ConversationRepository } from '../domain/conversation.repository';
import { UnitOfWork } from '../../../../libs/common/persistence/unit-of-work';

export interface RecordMessageInput {
  dealerId: string;
  channel: string;
  /** Append to this conversation of the dealership; else the contact's open one on the channel, or a new one. */
  conversationId?: string;
  /**
   * Created or updated by the upsert rules, keyed by the channel's address (email on the email
   * channel, else phone). An outbound message (`delivery` set) records that address, as given here,
   * as its destination, and is filed under the contact that owns it.
   */
  contact?: ContactDetails;
  role: MessageRole;
  text: string;
  subject?: string | null;
  attachments?: Attachment[];
  /** The messaging engine's id: a second message with the same id is not recorded again. */
  externalId?: string | null;
  /** Outbound messages start `queued`. */
  delivery?: Delivery | null;
  /** For a conversation this message creates: an ADF lead. */
  isAdf?: boolean;
}

export interface RecordedMessage {
  conversationId: string;
  messageId: string;
  contactId: string | null;
  conversationCreated: boolean;
  /** The external id was already recorded; nothing was written. */
  duplicate: boolean;
}

/**
 * Records one message (outbound from engagement, inbound from the messaging engine) in a single
 * transaction: contact upsert, the conversation it goes to (created `Active` if none), the message,
 * and the conversation's counters and dates.
 */
@Injectable()
export class RecordMessageUseCase {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly conversations: ConversationRepository,
  ) {}

  /**
   * Joins the caller's unit of work (engage with an Idempotency-Key). On its own, a lost race on a
   * unique key (the same contact inserted concurrently) runs it again: it reads what it needs inside.
   */
  execute(input: RecordMessageInput): Promise<RecordedMessage> {
    return this.unitOfWork.run(() => this.record(input), { retryOnConflict: true });
  }

  private async record(input: RecordMessageInput): Promise<RecordedMessage> {
    const writer = this.conversations;
    const { dealerId } = input;
    const channel = normaliseChannel(input.channel);
    const now = new Date();

    if (input.externalId) {
      const existing = await writer.findMessageByExternalId(dealerId, input.externalId);
      if (existing) {
        return { conversationId: existing.conversationId, messageId: existing.id, contactId: null, conversationCreated: false, duplicate: true };
      }
    }

    let destination: string | null = null;
    let conversation: Conversation | null = null;
    let contact: Contact | null = null;
    if (input.conversationId) {
      conversation = await writer.findConversation(dealerId, input.conversationId);
      if (!conversation) throw new ConversationNotFoundError(input.conversationId);
    } else if (input.contact) {
      const addressKind = addressKindOf(channel);
      contact = await this.upsertContact(dealerId, input.contact, addressKind, now);
      if (input.delivery) destination = addressOf(input.contact, addressKind);
      // The upsert rules guarantee it; filing a message under a contact it is not sent to would be a bug.
      if (destination !== null && contact[addressKind] !== destination) {
        throw new Error(`contact ${contact.id} does not own the ${addressKind} the message is sent to`);
      }
      conversation = await writer.findOpenConversation(dealerId, contact.id, channel);
    }

    let conversationCreated = false;
    if (!conversation) {
      // Created with this message already counted, which saves the counter update.
      conversation = {
        id: randomUUID(), dealerId, contactId: contact?.id ?? null, channel, status: 'Active',
        isArchived: false, isLikelySpam: false, isAdf: input.isAdf ?? false, flags: [],
        messageCount: 1, visibleMessageCount: isVisibleInChats(input.role) ? 1 : 0,
        createdDate: now, lastOnlineDate: input.role === 'user' ? now : null, lastModifiedDate: now,
      };
      await writer.insertConversation(conversation);
      conversationCreated = true;
    }

    const messageId = await writer.appendMessage({
      dealerId, conversationId: conversation.id, role: input.role, text: input.text, subject: input.subject ?? null,
      attachments: input.attachments ?? [], dateCreated: now, externalId: input.externalId ?? null, delivery: input.delivery ?? null,
      destination,
    }, { conversationCounted: conversationCreated });
    return { conversationId: conversation.id, messageId, contactId: contact?.id ?? conversation.contactId, conversationCreated, duplicate: false };
  }

  private async upsertContact(dealerId: string, details: ContactDetails, keyBy: AddressKind, now: Date): Promise<Contact> {
    const writer = this.conversations;
    const [byPhone, byEmail] = await Promise.all([
      details.phone ? writer.findContactByPhone(dealerId, details.phone) : null,
      details.email ? writer.findContactByEmail(dealerId, normaliseEmail(details.email)) : null,
    ]);
    const plan = planContactUpsert({ dealerId, details, byPhone, byEmail, newId: randomUUID(), now, keyBy });
    if (plan.action === 'insert') await writer.insertContact(plan.contact);
    else if (plan.action === 'update') await writer.updateContact(plan.contact);
    return plan.contact;
  }
}

/** The address of the kind given in the details, normalised as the contact stores it. */
function addressOf(details: ContactDetails, kind: AddressKind): string | null {
  if (kind === 'email') return details.email ? normaliseEmail(details.email) : null;
  return details.phone || null;
}
