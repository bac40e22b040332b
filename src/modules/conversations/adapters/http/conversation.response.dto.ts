import { ApiProperty } from '@nestjs/swagger';
import { Page, toPage } from '../../../../../libs/common/pagination/page';
import { PageResponse } from '../../../../../libs/common/pagination/page.response';
import { ConversationFamily, ConversationWithContact, Message, contactDisplayName } from '../../domain/conversation';

export class AttachmentResponse {
  content_type!: string;
  content_url!: string;
  @ApiProperty({ description: 'Untyped content of the attachment, when it is carried inline', nullable: true })
  content!: unknown;
  name!: string;
}

export class MessageResponse {
  @ApiProperty({ example: 'user', description: 'user (customer), assistant (AI), agent (dealership staff), system, debug' })
  role!: string;
  text!: string;
  attachments!: AttachmentResponse[];
  @ApiProperty({ example: '2025-11-20T14:03:11.512Z' })
  date_created!: string;
  @ApiProperty({
    enum: ['queued', 'sent', 'failed'], nullable: true, example: 'sent',
    description: 'An outbound message\'s delivery (queued until the messaging engine took it, retries included); null on other messages',
  })
  delivery_status!: 'queued' | 'sent' | 'failed' | null;
  @ApiProperty({ type: String, nullable: true, example: null, description: 'Why the last delivery attempt failed; null when none did' })
  delivery_error!: string | null;
}

export class ContactInfoResponse {
  @ApiProperty({ nullable: true, type: String, example: 'Jordan Lee' })
  full_name!: string | null;
  @ApiProperty({ nullable: true, type: String, example: 'jordan.lee@example.com' })
  email!: string | null;
  @ApiProperty({ nullable: true, type: String, example: '+14165550123', description: 'E.164' })
  phone!: string | null;
}

export class ConversationResponse {
  conversation_id!: string;
  dealer_id!: string;
  @ApiProperty({ example: 'sms', description: 'lower-case: sms, email, webchat, ...' })
  channel!: string;
  contact_info!: ContactInfoResponse;
  is_likely_spam!: boolean;
  @ApiProperty({ type: [String], example: ['hot-lead'] })
  flag!: string[];
  is_archived!: boolean;
  @ApiProperty({ example: 'Active', description: 'Active, Ended or Paused' })
  status!: string;
  is_adf!: boolean;
  /** Messages in the conversation (the chats family does not count debug messages). */
  message_count!: number;
  @ApiProperty({ example: '2025-11-20T14:03:11.512Z' })
  created_date!: string;
  @ApiProperty({ nullable: true, type: String, example: '2025-11-20T14:05:42.004Z', description: 'When the customer last wrote; null until they have' })
  last_online_date_time!: string | null;
  @ApiProperty({ example: '2025-11-20T14:05:42.004Z' })
  last_modified_date!: string;
  /** Empty unless `includeMessages=true` on a single read. */
  messages!: MessageResponse[];
}

export class ConversationPageResponse extends PageResponse(ConversationResponse) {}

/** Whitelists the wire fields of spec 2.3; the family decides the count. */
export function toConversationResponse(item: ConversationWithContact, family: ConversationFamily, messages: Message[] = []): ConversationResponse {
  const { conversation: c, contact } = item;
  return {
    conversation_id: c.id,
    dealer_id: c.dealerId,
    channel: c.channel,
    contact_info: {
      full_name: contact ? contactDisplayName(contact) || null : null,
      email: contact?.email ?? null,
      phone: contact?.phone ?? null,
    },
    is_likely_spam: c.isLikelySpam,
    flag: [...c.flags],
    is_archived: c.isArchived,
    status: c.status,
    is_adf: c.isAdf,
    message_count: family === 'chats' ? c.visibleMessageCount : c.messageCount,
    created_date: c.createdDate.toISOString(),
    last_online_date_time: c.lastOnlineDate ? c.lastOnlineDate.toISOString() : null,
    last_modified_date: c.lastModifiedDate.toISOString(),
    messages: messages.map(toMessageResponse),
  };
}

function toMessageResponse(m: Message): MessageResponse {
  return {
    role: m.role,
    text: m.text,
    attachments: m.attachments.map((a) => ({ content_type: a.contentType, content_url: a.contentUrl, content: a.content ?? null, name: a.name })),
    date_created: m.dateCreated.toISOString(),
    // A delivery being retried is still on its way: the wire knows queued, sent and failed.
    delivery_status: m.delivery ? (m.delivery.status === 'retrying' ? 'queued' : m.delivery.status) : null,
    delivery_error: m.delivery && m.delivery.status !== 'sent' ? m.delivery.lastError : null,
  };
}

export function toConversationPageResponse(page: { total: number; rows: ConversationWithContact[] }, family: ConversationFamily): Page<ConversationResponse> {
  return toPage(page.rows, page.total, (r) => toConversationResponse(r, family));
}
