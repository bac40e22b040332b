import { Type } from '@nestjs/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsInt, IsOptional, Max, Min } from 'class-validator';
import { DEFAULT_TAKE, MAX_SKIP } from '../pagination/page';
import { QueryInt } from './query-transforms';

/** The paging fields every `Skip`/`Take` list query carries. */
export interface PagingFields {
  Skip: number;
  Take: number;
}

/**
 * The one definition of `Skip`/`Take` list paging (spec 4.2-4.4 and 8, decisions section 1): both
 * optional integers, `Skip` 0 to 2147483647 (default 0), `Take` 1 to `maxTake` (default 20);
 * anything else, non-numeric or fractional included, is a 400, never a silent clamp. `maxTake` is
 * the endpoint's bound from spec section 8 (100 for conversations and chats, 500 for inventory,
 * manufacturers and models). A list query extends it with its own filters:
 * `class ListModelsQuery extends PagingQuery(500) { region?: string }`.
 */
export function PagingQuery(maxTake: number): Type<PagingFields> {
  class Paging implements PagingFields {
    // Explicit: the Swagger CLI plugin only reads `*.dto.ts` files, so without these the document omits Skip/Take.
    @ApiPropertyOptional({ description: 'Rows to skip', type: 'integer', format: 'int32', minimum: 0, maximum: MAX_SKIP, default: 0 })
    @IsOptional() @QueryInt() @IsInt() @Min(0) @Max(MAX_SKIP)
    Skip: number = 0;

    @ApiPropertyOptional({ description: 'Maximum rows to return', type: 'integer', format: 'int32', minimum: 1, maximum: maxTake, default: DEFAULT_TAKE })
    @IsOptional() @QueryInt() @IsInt() @Min(1) @Max(maxTake)
    Take: number = DEFAULT_TAKE;
  }
  return Paging;
}
