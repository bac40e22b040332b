import { ApiProperty } from '@nestjs/swagger';
import { PageResponse } from '../../../../../libs/common/pagination/page.response';

/** A filter node (spec 2.8): always all five fields; a leaf has a comparator, an operation an operator. */
export class FilterNodeResponse {
  /** eq ne gt gte lt lte contain like in nin; null on an operation. */
  @ApiProperty({ type: String, nullable: true, enum: ['eq', 'ne', 'gt', 'gte', 'lt', 'lte', 'contain', 'like', 'in', 'nin', null] })
  comparator!: string | null;

  /** A search vocabulary attribute (manufacturer, price, ...); null on an operation. */
  @ApiProperty({ type: String, nullable: true })
  attribute!: string | null;

  /** A string, number or boolean (an array of them for in/nin); null on an operation. */
  @ApiProperty({
    oneOf: [{ type: 'string', nullable: true }, { type: 'number' }, { type: 'boolean' }, { type: 'array', items: { oneOf: [{ type: 'string' }, { type: 'number' }, { type: 'boolean' }] } }],
  })
  value!: string | number | boolean | (string | number | boolean)[] | null;

  /** and, or, not; null on a leaf. */
  @ApiProperty({ type: String, nullable: true, enum: ['and', 'or', 'not', null] })
  operator!: string | null;

  /** The operation's children; [] on a leaf. */
  @ApiProperty({ type: () => [FilterNodeResponse] })
  arguments!: FilterNodeResponse[];
}

/** A search row (spec 2.2); a value the car does not have is null. */
class SearchRowResponse {
  vin!: string;
  @ApiProperty({ type: String, nullable: true }) stock_number!: string | null;
  display_name!: string;
  @ApiProperty({ type: String, nullable: true }) manufacturer!: string | null;
  @ApiProperty({ type: String, nullable: true }) model!: string | null;
  @ApiProperty({ type: String, nullable: true }) trim!: string | null;
  @ApiProperty({ type: Number, nullable: true }) year!: number | null;
  @ApiProperty({ type: String, nullable: true }) type!: string | null;
  /** new or used */
  condition!: string;
  @ApiProperty({ type: Number, nullable: true }) price!: number | null;
  @ApiProperty({ type: 'integer', nullable: true }) kilometers!: number | null;
  /** The canonical colour (Black, White, Silver, Gray, ...), or null when the car's colour is none of them. */
  @ApiProperty({ type: String, nullable: true }) color!: string | null;
  /** The first photo. */
  @ApiProperty({ type: String, nullable: true }) image_url!: string | null;
}

export class SearchPageResponse extends PageResponse(SearchRowResponse) {}
