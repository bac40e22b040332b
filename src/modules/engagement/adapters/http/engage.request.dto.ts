import { ApiProperty } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { IsDefined, IsEmail, IsIn, IsObject, IsOptional, IsString, Length, MaxLength, ValidateNested } from 'class-validator';
import { EmptyAsAbsent } from '../../../../../libs/common/http/empty-as-absent';
import { EngageCommand, ENGAGEMENT_CHANNELS, EngagementChannel, MAX_MESSAGE_LENGTH } from '../../domain/engagement';

export class EngageContactRequest {
  /**
   * The contact's full name.
   * @example Ana Ruiz
   */
  @IsOptional() @IsString() @MaxLength(200)
  full_name?: string | null;

  @IsOptional() @IsString() @MaxLength(100)
  first_name?: string | null;

  @IsOptional() @IsString() @MaxLength(100)
  last_name?: string | null;

  /**
   * Email address (at least one of email and phone).
   * @example ana.ruiz@example.com
   */
  @IsOptional() @EmptyAsAbsent() @IsEmail() @MaxLength(254)
  email?: string | null;

  /**
   * Phone number, any common format; stored in E.164 with the dealership's country as default.
   * @example (416) 555-0101
   */
  @IsOptional() @EmptyAsAbsent() @IsString() @MaxLength(40)
  phone?: string | null;
}

/** Body of `POST /api/v1/ailm/engage` (decisions.md 10). */
export class EngageRequest {
  @IsDefined() @IsObject() @ValidateNested() @Type(() => EngageContactRequest)
  contact!: EngageContactRequest;

  /**
   * The text to send (1 to 1600 characters).
   */
  @ApiProperty({ example: 'Hi Ana, the 2021 RAV4 you asked about is still here. Want to come by Saturday?' })
  @IsString() @Length(1, MAX_MESSAGE_LENGTH)
  message!: string;

  /**
   * sms or email; default sms when the contact has a phone, else email.
   * @example sms
   */
  @IsOptional() @Transform(({ value }) => (typeof value === 'string' ? value.trim().toLowerCase() : value)) @IsIn(ENGAGEMENT_CHANNELS)
  channel?: EngagementChannel | null;

  /**
   * Email subject (email channel).
   * @example Your RAV4
   */
  @IsOptional() @IsString() @MaxLength(300)
  subject?: string | null;
}

export function toEngageCommand(body: EngageRequest): EngageCommand {
  return {
    contact: {
      fullName: body.contact.full_name, firstName: body.contact.first_name, lastName: body.contact.last_name,
      email: body.contact.email, phone: body.contact.phone,
    },
    message: body.message,
    channel: body.channel,
    subject: body.subject,
  };
}
