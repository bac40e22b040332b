import { IsInt, IsOptional, Max, Min } from 'class-validator';
import { DEFAULT_TAKE, MAX_SKIP } from '../pagination/page';
import { QueryInt } from './query-transforms';

/** `Skip`/`Take` of the listings whose Take goes up to 500 (inventory, manufacturers, models). */
export class PagingQuery {
  /** Rows to skip. */
  @IsOptional() @QueryInt() @IsInt() @Min(0) @Max(MAX_SKIP)
  Skip: number = 0;

  /** Maximum rows to return (1 to 500, default 20). */
  @IsOptional() @QueryInt() @IsInt() @Min(1) @Max(500)
  Take: number = DEFAULT_TAKE;
}
