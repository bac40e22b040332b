import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, Matches } from 'class-validator';
import { PagingQuery } from '../../../../../libs/common/http/paging.query';
import { REGION_CODE_PATTERN } from '../../domain/catalog';

/** Take of the catalog lists: 1 to 500 (spec 4.4). */
const CATALOG_MAX_TAKE = 500;

/** Query of `GET /api/v1/manufacturer`. */
export class ListManufacturersQuery extends PagingQuery(CATALOG_MAX_TAKE) {}

/** Query of `GET /api/v1/manufacturer/{manufacturerId}/models`. */
export class ListModelsQuery extends PagingQuery(CATALOG_MAX_TAKE) {
  @ApiPropertyOptional({ description: 'Region code (any case): only the models offered there', example: 'CA', pattern: '^[A-Za-z]{2}$' })
  @IsOptional() @Matches(REGION_CODE_PATTERN, { message: 'region must be a two-letter region code such as CA or US' })
  region?: string;
}
