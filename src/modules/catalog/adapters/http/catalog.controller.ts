import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Authenticated } from '../../../../../libs/common/auth/auth.decorators';
import { schemaFromExample } from '../../../../../libs/common/http/schema-from-example';
import { Page, toPage } from '../../../../../libs/common/pagination/page';
import { pageSchema } from '../../../../../libs/common/pagination/page.response';
import { ListModelsUseCase } from '../../application/list-models.use-case';
import { CatalogRepository } from '../../domain/catalog.repository';
import { ListManufacturersQuery, ListModelsQuery } from './list-models.request.dto';
import { ManufacturerResponse, modelExample, ModelResponse, toManufacturerResponse, toModelResponse } from './catalog.response';

const envelope = (row: unknown) => pageSchema(schemaFromExample(row));

@ApiTags('catalog')
@Authenticated('dealer')
@Controller('api/v1/manufacturer')
export class CatalogController {
  constructor(
    private readonly catalog: CatalogRepository,
    private readonly listModelsUseCase: ListModelsUseCase,
  ) {}

  @Get()
  @ApiOperation({ operationId: 'listManufacturers', summary: 'Manufacturers of the system-wide catalog, ordered by name' })
  @ApiOkResponse({ schema: envelope({ id: 'mercedes-benz', name: 'Mercedes-Benz' }) })
  async listManufacturers(@Query() query: ListManufacturersQuery): Promise<Page<ManufacturerResponse>> {
    const { rows, total } = await this.catalog.listManufacturers({ skip: query.Skip, take: query.Take });
    return toPage(rows, total, toManufacturerResponse);
  }

  @Get(':manufacturerId/models')
  @ApiOperation({ operationId: 'listManufacturerModels',
    summary: "A manufacturer's model rows (one per model year) with trims and car properties",
    description: 'Ordered by model name, then year (newest first), then id. `region` keeps the models offered in that region; '
      + "a row's `region` is the requested region when filtered, else every region it is offered in, joined with commas (`CA,US`).",
  })
  @ApiOkResponse({ schema: envelope(modelExample()) })
  @ApiNotFoundResponse({ description: 'Unknown manufacturer' })
  async listModels(@Param('manufacturerId') manufacturerId: string, @Query() query: ListModelsQuery): Promise<Page<ModelResponse>> {
    const region = query.region?.toUpperCase() ?? null;
    const { rows, total } = await this.listModelsUseCase.execute(manufacturerId, { region, skip: query.Skip, take: query.Take });
    return toPage(rows, total, (m) => toModelResponse(m, region));
  }
}
