import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsInt, IsOptional, Max, Min } from 'class-validator';
import { DEFAULT_TAKE, MAX_SKIP } from '../pagination/page';
import { QueryInt } from './query-transforms';

/** `Skip`/`Take` of the listings whose Take goes up to 500 (inventory, manufacturers, models). */
export class PagingQuery {
  // Explicit: the Swagger CLI plugin only reads `*.dto.ts` files, so without these the document omits Skip/Take.
  @ApiPropertyOptional({ description: 'Rows to skip', type: 'integer', minimum: 0, maximum: MAX_SKIP, default: 0 })
  @IsOptional() @QueryInt() @IsInt() @Min(0) @Max(MAX_SKIP)
  Skip: number = 0;

  @ApiPropertyOptional({ description: 'Maximum rows to return', type: 'integer', minimum: 1, maximum: 500, default: DEFAULT_TAKE })
  @IsOptional() @QueryInt() @IsInt() @Min(1) @Max(500)
  Take: number = DEFAULT_TAKE;
}
