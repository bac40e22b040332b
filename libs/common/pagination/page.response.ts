import { Type } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import type { SchemaObject } from '@nestjs/swagger/dist/interfaces/open-api-spec.interface';
import { Page } from './page';

const TOTAL_ROW_COUNT = { type: 'integer', description: 'Total matching rows' } as const;
const ROW_COUNT = { type: 'integer', description: 'Rows in this response' } as const;

/**
 * The OpenAPI side of the paged envelope (spec 2.1, `Page` in ./page) for rows described by a class:
 * `export class UsedCarPageResponse extends PageResponse(UsedCarResponse) {}`.
 */
export function PageResponse<R>(row: Type<R>): Type<Page<R>> {
  class PageOfRows implements Page<R> {
    @ApiProperty(TOTAL_ROW_COUNT) total_row_count!: number;
    @ApiProperty(ROW_COUNT) row_count!: number;
    @ApiProperty({ type: row, isArray: true }) rows!: R[];
  }
  return PageOfRows;
}

/** The same envelope as an inline schema, for rows described by a schema rather than a class. */
export function pageSchema(rows: SchemaObject): SchemaObject {
  return {
    type: 'object',
    required: ['total_row_count', 'row_count', 'rows'],
    properties: { total_row_count: TOTAL_ROW_COUNT, row_count: ROW_COUNT, rows: { type: 'array', items: rows } },
  };
}
