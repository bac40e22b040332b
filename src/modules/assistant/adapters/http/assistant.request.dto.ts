import { ApiPropertyOptional, ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsInt, IsObject, IsOptional, IsString, Length, Matches, Max, Min, MinLength } from 'class-validator';
import { QueryInt } from '../../../../../libs/common/http/query-transforms';
import { RUN_OUTCOMES, RunOutcome } from '../../domain/assistant-run';

export class SendMessageRequest {
  /**
   * The message to the assistant.
   */
  @ApiProperty({ example: 'How many SUVs do we have under $30,000?' })
  @IsString() @Length(1, 8000) @Matches(/\S/, { message: 'message must not be blank' })
  message!: string;

  /** Continue this thread (an id that names none of the dealership's threads: 404); without it (or null) a new thread is created. */
  @ApiPropertyOptional({ nullable: true })
  @Transform(({ value }) => value ?? undefined) @IsOptional() @IsString() @MinLength(1, { message: '$property must not be empty' })
  thread_id?: string;
}

export class ListThreadsQuery {
  @ApiPropertyOptional({ description: 'How many threads, most recent first', type: 'integer', format: 'int32', minimum: 1, maximum: 100, default: 20 })
  @IsOptional() @QueryInt() @IsInt() @Min(1) @Max(100)
  take: number = 20;

  @ApiPropertyOptional({ description: 'Only the threads whose latest run ended so: `handed_off` (passed to staff), `answered`, or `unanswered` (failed, expired or cancelled)', enum: RUN_OUTCOMES })
  @IsOptional() @IsIn(RUN_OUTCOMES)
  outcome?: RunOutcome;
}

export class ListThreadMessagesQuery {
  @ApiPropertyOptional({ description: 'How many messages (the latest ones), in chronological order', type: 'integer', format: 'int32', minimum: 1, maximum: 1000, default: 1000 })
  @IsOptional() @QueryInt() @IsInt() @Min(1) @Max(1000)
  take: number = 1000;
}

export class ListRunEventsQuery {
  @ApiPropertyOptional({ description: 'The first sequence wanted', type: 'integer', format: 'int64', minimum: 1, default: 1 })
  @IsOptional() @QueryInt() @IsInt() @Min(1) @Max(Number.MAX_SAFE_INTEGER)
  Cursor: number = 1;

  @ApiPropertyOptional({ description: 'At most this many events', type: 'integer', format: 'int32', minimum: 1, maximum: 500, default: 100 })
  @IsOptional() @QueryInt() @IsInt() @Min(1) @Max(500)
  Take: number = 100;
}

export class StreamRunEventsQuery {
  @ApiPropertyOptional({ description: 'The first sequence wanted (the Last-Event-ID header, when sent, wins)', type: 'integer', format: 'int64', minimum: 1, default: 1 })
  @IsOptional() @QueryInt() @IsInt() @Min(1) @Max(Number.MAX_SAFE_INTEGER)
  Cursor: number = 1;
}

export class ExecuteTaskRequest {
  /** The task's parameters (see GET /api/v1/assistant/predefined-tasks). */
  @IsOptional() @IsObject()
  parameters?: Record<string, unknown>;
}
