import { IsOptional, IsString, MaxLength } from 'class-validator';

/** Text fields of the CSV upload form (the file itself is the `File` part). */
export class UsedInventoryUploadForm {
  /** Field delimiter (spelled so by the interface): one character, or comma, semicolon, tab, pipe. Default comma. */
  @IsOptional() @IsString() @MaxLength(16)
  Delimeter?: string;
}

export class UsedInventoryUploadQuery {
  /**
   * Column mappings for non-standard headers: a JSON object `{"CSV header":"field"}` or
   * `Header:field,Header 2:field` (URL-encoded). Map a column to `ignore` to drop it.
   */
  @IsOptional() @IsString() @MaxLength(10000)
  columnMappings?: string;
}
