import { IsInt, IsOptional, IsString, Length, Max, Min } from 'class-validator';

export class TranslateRequest {
  /** The shopper's words, e.g. "red AWD SUV under 30k". */
  @IsString() @Length(1, 500)
  query!: string;
}

export class SearchRequest extends TranslateRequest {
  /** Rows to skip (default 0). */
  @IsOptional() @IsInt() @Min(0) @Max(2147483647)
  skip?: number;

  /** Rows to return, 1 to 100 (default 20). */
  @IsOptional() @IsInt() @Min(1) @Max(100)
  take?: number;
}
