import { ApiPropertyOptional, ApiProperty } from '@nestjs/swagger';
import { IsInt, IsOptional, IsString, Length, Max, Min } from 'class-validator';
import { MAX_SKIP } from '../../../../../libs/common/pagination/page';

export class TranslateRequest {
  /**
   * The shopper's words, e.g. "red AWD SUV under 30k".
   */
  @ApiProperty({ example: 'red AWD SUV under 30k' })
  @IsString() @Length(1, 500)
  query!: string;
}

/** Take of search: 1 to 100 (decisions section 4). */
const SEARCH_MAX_TAKE = 100;

/**
 * Search pages in its JSON body, with the lower-case `skip`/`take` of decisions section 4 and JSON
 * numbers (a string is a 400), so it cannot share the `Skip`/`Take` query class (PagingQuery);
 * it shares its bounds and default. No OpenAPI `default` here: the generated client would then
 * make the fields required.
 */
export class SearchRequest extends TranslateRequest {
  /** Rows to skip (default 0). */
  @ApiPropertyOptional({ type: 'integer', format: 'int32', example: 0, minimum: 0, maximum: MAX_SKIP })
  @IsOptional() @IsInt() @Min(0) @Max(MAX_SKIP)
  skip?: number;

  /** Rows to return (default 20). */
  @ApiPropertyOptional({ type: 'integer', format: 'int32', example: 20, minimum: 1, maximum: SEARCH_MAX_TAKE })
  @IsOptional() @IsInt() @Min(1) @Max(SEARCH_MAX_TAKE)
  take?: number;
}
