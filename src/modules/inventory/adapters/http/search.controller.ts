import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Authenticated, CurrentDealer } from '../../../../../libs/common/auth/auth.decorators';
import { DEFAULT_TAKE, Page } from '../../../../../libs/common/pagination/page';
import { SearchCarsUseCase, TranslateSearchQueryUseCase } from '../../application/search-cars.use-case';
import { SearchHit } from '../../domain/search/car-search.repository';
import { toWireNode, WireFilterNode } from '../../domain/search/filter-expression';
import { SearchRequest, TranslateRequest } from './search.request.dto';
import { FilterNodeResponse, SearchPageResponse } from './search.response.dto';

@ApiTags('search')
@Authenticated('dealer')
@Controller('api/v1/search')
export class SearchController {
  constructor(
    private readonly searchCars: SearchCarsUseCase,
    private readonly translateQuery: TranslateSearchQueryUseCase,
  ) {}

  @Post()
  @HttpCode(200)
  @ApiOperation({ operationId: 'searchCars', summary: "Search the dealership's new and used cars in plain language" })
  @ApiOkResponse({ type: SearchPageResponse, description: 'Paged envelope of search rows; default order newest year, then lowest price, then VIN' })
  search(@CurrentDealer() dealerId: string, @Body() body: SearchRequest): Promise<Page<SearchHit>> {
    return this.searchCars.execute(dealerId, body.query, { skip: body.skip ?? 0, take: body.take ?? DEFAULT_TAKE });
  }

  @Post('translate')
  @HttpCode(200)
  @ApiOperation({ operationId: 'translateQuery', summary: 'The structured filter behind a plain-language query (five-field nodes, root always an operation)' })
  @ApiOkResponse({ type: FilterNodeResponse })
  async translate(@CurrentDealer() dealerId: string, @Body() body: TranslateRequest): Promise<WireFilterNode> {
    return toWireNode((await this.translateQuery.execute(dealerId, body.query)).filter);
  }
}
