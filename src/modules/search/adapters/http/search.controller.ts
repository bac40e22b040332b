import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Authenticated, CurrentDealer } from '../../../../../libs/common/auth/auth.decorators';
import { DEFAULT_TAKE } from '../../../../../libs/common/pagination/page';
import { SearchAnswer, SearchCarsUseCase, TranslateSearchQueryUseCase } from '../../application/search-cars.use-case';
import { toWireNode, WireFilterNode } from '../../../../../libs/common/vehicle/filter-expression';
import { SearchRequest, TranslateRequest } from './search.request.dto';
import { FilterNodeResponse, SearchPageResponse } from './search.response.dto';

const leaf = (comparator: string, attribute: string, value: string | number) => ({ comparator, attribute, value, operator: null, arguments: [] });
/**
 * What the service answers for "red AWD SUV under 30k" (translate), "SUV under 30k" with take 2
 * (search) and "purple Kona under 24k" (search, nothing matches), on the demo data.
 */
const TRANSLATE_EXAMPLE = {
  comparator: null, attribute: null, value: null, operator: 'and',
  arguments: [leaf('eq', 'color', 'Red'), leaf('eq', 'drive_train', 'AWD'), leaf('eq', 'type', 'SUV'), leaf('lt', 'price', 30000)],
};
const SEARCH_EXAMPLE = {
  total_row_count: 126, row_count: 2,
  rows: [
    {
      vin: 'KM8ZNCDU7TJ994566', stock_number: 'N20611', display_name: '2026 Hyundai Kona SE', manufacturer: 'Hyundai', model: 'Kona', trim: 'SE', year: 2026, type: 'SUV', condition: 'new',
      price: 24295, kilometers: 111, color: 'Gray', image_url: 'https://images.example.com/km8zncdu7tj994566/1.jpg',
    },
    {
      vin: '2GNTUCD4XTS324342', stock_number: 'N18824', display_name: '2026 Chevrolet Equinox LS', manufacturer: 'Chevrolet', model: 'Equinox', trim: 'LS', year: 2026, type: 'SUV', condition: 'new',
      price: 29495, kilometers: 53, color: 'Black', image_url: 'https://images.example.com/2gntucd4xts324342/1.jpg',
    },
  ],
  suggestions: [],
  unused_terms: [],
};
const NO_MATCH_EXAMPLE = {
  total_row_count: 0, row_count: 0, rows: [],
  suggestions: [
    {
      ...SEARCH_EXAMPLE.rows[0],
      relaxed: [{ attribute: 'color', comparator: 'eq', wanted: 'Purple', actual: 'Gray' }, { attribute: 'price', comparator: 'lt', wanted: 24000, actual: 24295 }],
    },
  ],
  unused_terms: [],
};

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
  @ApiOkResponse({
    type: SearchPageResponse,
    examples: {
      matches: { summary: 'Cars matched', value: SEARCH_EXAMPLE },
      suggestions: { summary: 'Nothing matched: the nearest cars and what they miss', value: NO_MATCH_EXAMPLE },
    },
    description: 'Paged envelope of search rows (default order newest year, then lowest price, then VIN), with suggestions when nothing matched and the unused words',
  })
  search(@CurrentDealer() dealerId: string, @Body() body: SearchRequest): Promise<SearchAnswer> {
    return this.searchCars.execute(dealerId, body.query, { skip: body.skip ?? 0, take: body.take ?? DEFAULT_TAKE });
  }

  @Post('translate')
  @HttpCode(200)
  @ApiOperation({ operationId: 'translateQuery', summary: 'The structured filter behind a plain-language query (five-field nodes, root always an operation)' })
  @ApiOkResponse({ type: FilterNodeResponse, example: TRANSLATE_EXAMPLE })
  async translate(@CurrentDealer() dealerId: string, @Body() body: TranslateRequest): Promise<WireFilterNode> {
    return toWireNode((await this.translateQuery.execute(dealerId, body.query)).filter);
  }
}
