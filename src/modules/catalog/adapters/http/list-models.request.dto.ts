import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, Matches } from 'class-validator';
import { PagingQuery } from '../../../../../libs/common/http/paging.query';
import { REGION_CODE_PATTERN } from '../../domain/catalog';

export class ListModelsQuery extends PagingQuery {
  @ApiPropertyOptional({ description: 'Region code (any case): only the models offered there', example: 'CA', pattern: '^[A-Za-z]{2}$' })
  @IsOptional() @Matches(REGION_CODE_PATTERN, { message: 'region must be a two-letter region code such as CA or US' })
  region?: string;
}
