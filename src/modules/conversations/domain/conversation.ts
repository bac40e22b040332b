import { normaliseChannel } from '../../../../libs/common/contact/contact-address';

export { normaliseChannel, normaliseEmail } from '../../../../libs/common/contact/contact-address';

/**
 * Conversations between a dealership and a contact on one channel (spec 2.3, decisions.md 7).
 * Channel is stored lower-case and status in its canonical spelling, so the case-insensitive
 * filters compare normalised values and stay index lookups.
 */
/** `user` = the customer, `assistant` = the AI, `agent` = dealership staff (or their systems), `debug` = diagnostics. */
export type MessageRole = 'user' | 'assistant' | 'agent' | 'system' | 'debug';

export const CONVERSATION_STATUSES = ['Active', 'Ended', 'Paused'] as const;

/** The channels the messaging engine brings conversations in on; channels are open-ended, so a dealership may have others too. */
export const COMMON_CHANNELS = ['sms', 'email', 'webchat'] as const;

/** Which of a contact's addresses a message on the channel goes to: the email for `email`, else the phone (sms). */
export type AddressKind = 'phone' | 'email';

export function addressKindOf(channel: string): AddressKind {
  return normaliseChannel(channel) === 'email' ? 'email' : 'phone';
}

/** The canonical spelling of a known status (any case); an unknown one as given, so it matches nothing. */
export function canonicalStatus(status: string): string {
  const wanted = status.trim().toLowerCase();
  return CONVERSATION_STATUSES.find((s) => s.toLowerCase() === wanted) ?? status.trim();
}

/** Debug messages are diagnostics: the chats variant never shows or counts them. */
export function isVisibleInChats(role: string): boolean {
  return role !== 'debug';
}

export interface Contact {
  id: string;
  dealerId: string;
  /** E.164. */
  phone: string | null;
  /** Lower-cased. */
  email: string | null;
  fullName: string;
  firstName: string;
  lastName: string;
  createdAt: Date;
  updatedAt: Date;
}

/** The name to show: the full name, else first and last name joined. */
export function contactDisplayName(contact: Pick<Contact, 'fullName' | 'firstName' | 'lastName'>): string {
  return contact.fullName || [contact.firstName, contact.lastName].filter(Boolean).join(' ');
}

export interface Conversation {
  id: string;
  dealerId: string;
  contactId: string | null;
  channel: string;
  status: string;
  isArchived: boolean;
  isLikelySpam: boolean;
  isAdf: boolean;
  flags: string[];
  /** Every message, debug included. */
  messageCount: number;
  /** Messages that are not debug (the chats variant's count). */
  visibleMessageCount: number;
  createdDate: Date;
  /** When the customer last wrote; null until they have. */
  lastOnlineDate: Date | null;
  lastModifiedDate: Date;
}

export interface ConversationWithContact {
  conversation: Conversation;
  contact: Contact | null;
}

export interface Attachment {
  contentType: string;
  contentUrl: string;
  content: unknown;
  name: string;
}

export type DeliveryStatus = 'queued' | 'retrying' | 'sent' | 'failed';

export interface Delivery {
  status: DeliveryStatus;
  attempts: number;
  lastError: string | null;
  sentAt: Date | null;
}

export interface Message {
  id: string;
  dealerId: string;
  conversationId: string;
  role: MessageRole;
  text: string;
  subject: string | null;
  attachments: Attachment[];
  dateCreated: Date;
  /** The messaging engine's id for the message (inbound dedup, outbound receipts). */
  externalId: string | null;
  /** Outbound messages only: where their delivery stands. */
  delivery: Delivery | null;
  /**
   * Outbound messages only: the address they are delivered to (E.164 phone for sms, lower-cased
   * email for email), as the caller gave it when the message was recorded. Null on inbound
   * messages and on outbound ones recorded before it was stored (those go to the contact's address).
   */
  destination: string | null;
}

/** The two read families of spec 4.2: same shapes; chats hide debug messages and do not count them. */
export type ConversationFamily = 'conversations' | 'chats';
