import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsNumber, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { QueryBoolean, QueryNumber } from '../../../../../libs/common/http/query-transforms';

/** Text fields of the CSV upload form (the file itself is the `File` part). */
export class UsedInventoryUploadForm {
  /** Field delimiter (spelled so by the interface): one character, or comma, semicolon, tab, pipe. Default comma. */
  @IsOptional() @IsString() @MaxLength(16)
  Delimeter?: string;
}

/** Query of both uploads (decisions.md section 5). */
export class InventoryUploadQuery {
  @ApiPropertyOptional({ type: 'boolean', default: false, description: 'Validate and answer the result without changing anything (num_deletes: the cars that would be removed)' })
  @IsOptional() @QueryBoolean() @IsBoolean()
  dryRun?: boolean;

  @ApiPropertyOptional({
    type: 'number', minimum: 0, maximum: 1, example: 0.1,
    description: 'Refuse the whole upload (422, result in details, nothing changed) when a larger share of its rows is refused',
  })
  @IsOptional() @QueryNumber() @IsNumber({ allowNaN: false, allowInfinity: false }) @Min(0) @Max(1)
  maxFailedRatio?: number;
}

export class UsedInventoryUploadQuery extends InventoryUploadQuery {
  /**
   * Column mappings for non-standard headers: a JSON object `{"CSV header":"field"}` or
   * `Header:field,Header 2:field` (URL-encoded). Map a column to `ignore` to drop it; a kilometers
   * target may name its unit: `Odo:kilometers:mi` (mi or km).
   */
  @IsOptional() @IsString() @MaxLength(10000)
  columnMappings?: string;
}
