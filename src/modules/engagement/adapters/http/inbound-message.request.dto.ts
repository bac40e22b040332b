import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsBoolean, IsOptional, IsString, Matches, MaxLength, MinLength, ValidateNested } from 'class-validator';
import { InboundMessage } from '../../application/record-inbound-message.use-case';

export class InboundAttachmentRequest {
  @IsString() @MaxLength(200)
  content_type!: string;

  @IsOptional() @IsString() @MaxLength(2000)
  content_url?: string;

  /** Inline content, any JSON value. */
  @IsOptional()
  content?: unknown;

  @IsOptional() @IsString() @MaxLength(300)
  name?: string;
}

/** Ids are looked up as they are (an unknown one is a 404 however it is spelt, decisions.md section 1): only an empty one is refused. */
const NOT_EMPTY = { message: '$property must not be empty' };

/** Body of `POST /api/v1/messaging/inbound`: a customer's message, reported by the messaging engine. */
export class InboundMessageRequest {
  /** The dealership (an id that names none: 404). */
  @IsString() @MinLength(1, NOT_EMPTY)
  dealer_id!: string;

  /** sms, email, webchat, ... (any case). */
  @IsString() @Matches(/^[A-Za-z0-9_-]{1,32}$/, { message: 'channel must be 1-32 letters, digits, _ or -' })
  channel!: string;

  /** The sender: a phone number (E.164 or national for the dealership's country) or an email address. */
  @IsOptional() @IsString() @MaxLength(254)
  from?: string;

  /** Append to this conversation instead of the sender's latest open one on the channel (an id that names none of the dealership's conversations: 404). */
  @IsOptional() @IsString() @MinLength(1, NOT_EMPTY)
  conversation_id?: string;

  @IsString() @MaxLength(16000)
  text!: string;

  @IsOptional() @IsString() @MaxLength(300)
  subject?: string;

  @IsOptional() @IsArray() @ArrayMaxSize(20) @ValidateNested({ each: true }) @Type(() => InboundAttachmentRequest)
  attachments?: InboundAttachmentRequest[];

  /** The engine's id of the message; a redelivery with the same id is recorded once. */
  @IsOptional() @IsString() @MaxLength(200)
  external_id?: string;

  /** The sender's name, when the engine knows it. */
  @IsOptional() @IsString() @MaxLength(200)
  full_name?: string;

  /** The message is an ADF lead (a conversation it creates is marked is_adf). */
  @IsOptional() @IsBoolean()
  is_adf?: boolean;
}

export function toInboundMessage(body: InboundMessageRequest): InboundMessage {
  return {
    dealerId: body.dealer_id, channel: body.channel, from: body.from, conversationId: body.conversation_id, text: body.text, subject: body.subject,
    attachments: (body.attachments ?? []).map((a) => ({ contentType: a.content_type, contentUrl: a.content_url ?? '', content: a.content ?? null, name: a.name ?? '' })),
    externalId: body.external_id, fullName: body.full_name, isAdf: body.is_adf,
  };
}

export class InboundMessageResponse {
  conversation_id!: string;
  message_id!: string;
  /** The external_id was already recorded; nothing new was stored. */
  duplicate!: boolean;
}
