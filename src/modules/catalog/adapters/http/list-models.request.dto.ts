import { IsOptional, Matches } from 'class-validator';
import { PagingQuery } from '../../../../../libs/common/http/paging.query';
import { REGION_CODE_PATTERN } from '../../domain/catalog';

export class ListModelsQuery extends PagingQuery {
  /** Region code such as CA or US (any case): only models offered there. */
  @IsOptional() @Matches(REGION_CODE_PATTERN, { message: 'region must be a two-letter region code such as CA or US' })
  region?: string;
}
