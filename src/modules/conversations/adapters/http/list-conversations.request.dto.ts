import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsDate, IsIn, IsOptional, IsString, MaxLength } from 'class-validator';
import { PagingQuery } from '../../../../../libs/common/http/paging.query';
import { QueryBoolean } from '../../../../../libs/common/http/query-transforms';
import { ConversationListQuery, SortOrder } from '../../domain/conversation-list-query';
import { EmptyAsAbsent } from '../../../../../libs/common/http/empty-as-absent';
import { QueryDateTime } from './query-date-time';

const DATE_MESSAGE = { message: '$property must be an ISO 8601 date-time such as 2024-05-01T00:00:00Z' };

/** Query parameters of `GET /api/v1/conversation` and `GET /api/v1/chats/chats` (spec 4.2): Take 1 to 100. */
export class ListConversationsQuery extends PagingQuery(100) {
  /** Channel filter, any case (e.g. sms, email, webchat). */
  @IsOptional() @EmptyAsAbsent() @IsString() @MaxLength(32)
  Channel?: string;

  /** Status filter, any case (e.g. Active, Ended, Paused). */
  @IsOptional() @EmptyAsAbsent() @IsString() @MaxLength(32)
  Status?: string;

  /** Created on or after (ISO 8601; a date alone is the start of that day, UTC). */
  @IsOptional() @QueryDateTime('start') @IsDate(DATE_MESSAGE)
  CreatedDateFrom?: Date;

  /** Created on or before (inclusive; a date alone is the whole day). */
  @IsOptional() @QueryDateTime('end') @IsDate(DATE_MESSAGE)
  CreatedDateTo?: Date;

  /** Last modified on or after. */
  @IsOptional() @QueryDateTime('start') @IsDate(DATE_MESSAGE)
  ModifiedDateFrom?: Date;

  /** Last modified on or before (inclusive). */
  @IsOptional() @QueryDateTime('end') @IsDate(DATE_MESSAGE)
  ModifiedDateTo?: Date;

  /** Include archived conversations (default false). */
  @ApiPropertyOptional({ type: 'boolean', default: false })
  @IsOptional() @QueryBoolean() @IsBoolean()
  IncludeIsArchived: boolean = false;

  /** By last_modified_date: asc or desc (any case; default desc). */
  @IsOptional() @Transform(({ value }) => (typeof value === 'string' ? value.trim().toLowerCase() : value)) @IsIn(['asc', 'desc'])
  @ApiPropertyOptional({ enum: ['asc', 'desc'], default: 'desc' })
  SortOrder: SortOrder = 'desc';
}

export class GetConversationQuery {
  /** Include the messages (the chats family leaves out debug messages). */
  @ApiPropertyOptional({ type: 'boolean', default: false })
  @IsOptional() @QueryBoolean() @IsBoolean()
  includeMessages: boolean = false;
}

export function toListQuery(q: ListConversationsQuery): ConversationListQuery {
  return {
    skip: q.Skip, take: q.Take, channel: q.Channel, status: q.Status,
    createdFrom: q.CreatedDateFrom, createdTo: q.CreatedDateTo, modifiedFrom: q.ModifiedDateFrom, modifiedTo: q.ModifiedDateTo,
    includeArchived: q.IncludeIsArchived, sortOrder: q.SortOrder,
  };
}
