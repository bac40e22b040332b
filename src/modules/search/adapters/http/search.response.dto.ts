import { ApiProperty, getSchemaPath } from '@nestjs/swagger';
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

const SCALAR = [{ type: 'string' }, { type: 'number' }, { type: 'boolean' }];

/** A condition a suggested car misses. */
class RelaxedConditionResponse {
  /** The condition's attribute (its first one when the condition names several, e.g. an `or`). */
  attribute!: string;

  /** The condition's comparator; null when it combines several (then `wanted` is its filter node). */
  @ApiProperty({ type: String, nullable: true, enum: ['eq', 'ne', 'gt', 'gte', 'lt', 'lte', 'contain', 'like', 'in', 'nin', null] })
  comparator!: string | null;

  /** What the condition asked: its value (an array for in/nin), or its filter node when `comparator` is null. */
  @ApiProperty({ oneOf: [...SCALAR, { type: 'array', items: { oneOf: SCALAR } }, { $ref: getSchemaPath(FilterNodeResponse) }] })
  wanted!: unknown;

  /** The car's value of the attribute: null when it has none, and for `options` (free text). */
  @ApiProperty({ oneOf: [{ type: 'string', nullable: true }, { type: 'number' }, { type: 'boolean' }] })
  actual!: string | number | boolean | null;
}

/** A car near a search that found nothing: its search row and the conditions it misses. */
class SuggestionResponse extends SearchRowResponse {
  /** The conditions it misses, least important first (colour, options, other attributes, body type, manufacturer/model/trim, price). */
  @ApiProperty({ type: [RelaxedConditionResponse] })
  relaxed!: RelaxedConditionResponse[];
}

export class SearchPageResponse extends PageResponse(SearchRowResponse) {
  /**
   * [] when any car matched; otherwise up to 5 of the nearest cars: those missing the fewest
   * conditions, then the least important ones, then in the search's order. A price or mileage bound
   * is missed by at most 15%.
   */
  @ApiProperty({ type: [SuggestionResponse] })
  suggestions!: SuggestionResponse[];

  /** The query's words no condition used (fillers such as "looking for", "please" excluded). */
  @ApiProperty({ type: [String], example: [] })
  unused_terms!: string[];
}
