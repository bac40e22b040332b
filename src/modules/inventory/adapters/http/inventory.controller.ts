import { Body, Controller, Delete, Get, HttpCode, Param, Put, Query, UploadedFile, UseInterceptors } from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import {
  ApiBadRequestResponse, ApiBody, ApiConflictResponse, ApiConsumes, ApiNotFoundResponse, ApiOkResponse, ApiOperation,
  ApiPayloadTooLargeResponse, ApiTags, ApiUnprocessableEntityResponse, ApiUnsupportedMediaTypeResponse,
} from '@nestjs/swagger';
import { Authenticated, CurrentDealer } from '../../../../../libs/common/auth/auth.decorators';
import { ValidationError } from '../../../../../libs/common/errors/domain-error';
import { Consumes } from '../../../../../libs/common/http/consumes';
import { DeleteNewInventoryUseCase } from '../../application/delete-new-inventory.use-case';
import { GetCarUseCase } from '../../application/get-car.use-case';
import { ReplaceInventoryUseCase, ReplaceOptions } from '../../application/replace-inventory.use-case';
import { CarInventoryRepository } from '../../domain/car-inventory.repository';
import { parseColumnMappings } from '../../domain/column-mappings';
import { CsvCarFeed, parseDelimiter } from '../feeds/csv-car-feed';
import { JsonCarFeed } from '../feeds/json-car-feed';
import { InventoryUploadQuery, UsedInventoryUploadForm, UsedInventoryUploadQuery } from './inventory-upload.request.dto';
import { ListCarsQuery } from './list-cars.request.dto';
import {
  BulkInventoryResultResponse, DeleteAllResultResponse, NewCarPageResponse, NewCarResponse, toBulkInventoryResultResponse,
  toDeleteAllResultResponse, toUsedCarPageResponse, toUsedCarResponse, UsedCarPageResponse, UsedCarResponse,
} from './inventory.response.dto';
import { UploadCleanupInterceptor } from './upload-cleanup.interceptor';

const uploadSchema = (extra: Record<string, object> = {}) => ({
  schema: { type: 'object', required: ['File'], properties: { File: { type: 'string', format: 'binary' }, ...extra } },
});

function requireFile(file: Express.Multer.File | undefined): Express.Multer.File {
  if (!file) throw new ValidationError('File is required', [{ field: 'File', errors: ['attach the inventory file as the multipart field File'] }]);
  return file;
}

/**
 * Form fields or query parameters an endpoint does not take: 400, each named (the JSON upload form
 * has only the File part, as JSON bodies have only their known fields).
 */
function rejectFields(fields: Record<string, unknown> | undefined): void {
  const unknown = Object.keys(fields ?? {});
  if (unknown.length > 0) {
    throw new ValidationError('Request validation failed', unknown.map((field) => ({ field, errors: [`property ${field} should not exist`] })));
  }
}

function uploadOptions(query: InventoryUploadQuery): ReplaceOptions {
  return { dryRun: query.dryRun === true, maxFailedRatio: query.maxFailedRatio };
}

@ApiTags('inventory')
@Authenticated('dealer')
@Controller('api/v1/inventory')
export class InventoryController {
  constructor(
    private readonly cars: CarInventoryRepository,
    private readonly getCar: GetCarUseCase,
    private readonly replaceInventory: ReplaceInventoryUseCase,
    private readonly deleteNewInventory: DeleteNewInventoryUseCase,
  ) {}

  @Get('used')
  @ApiOperation({ operationId: 'listUsedCars', summary: 'Used cars, newest first (ties in upload row order)' })
  @ApiBadRequestResponse({ description: 'Skip or Take out of range or not an integer' })
  @ApiOkResponse({ type: UsedCarPageResponse })
  async listUsed(@CurrentDealer() dealerId: string, @Query() query: ListCarsQuery): Promise<UsedCarPageResponse> {
    const { cars, total } = await this.cars.list(dealerId, 'used', { skip: query.Skip, take: query.Take });
    return toUsedCarPageResponse(cars, total);
  }

  @Get('used/:vin')
  @ApiOperation({ operationId: 'getUsedCar', summary: 'One used car by VIN (case-insensitive)' })
  @ApiOkResponse({ type: UsedCarResponse })
  @ApiNotFoundResponse({ description: 'No used car with this VIN in the dealership' })
  async getUsed(@CurrentDealer() dealerId: string, @Param('vin') vin: string): Promise<UsedCarResponse> {
    return toUsedCarResponse(await this.getCar.execute(dealerId, 'used', vin));
  }

  @Get('new')
  @ApiOperation({ operationId: 'listNewCars', summary: 'New cars, newest first (ties in upload row order)' })
  @ApiBadRequestResponse({ description: 'Skip or Take out of range or not an integer' })
  @ApiOkResponse({ type: NewCarPageResponse })
  async listNew(@CurrentDealer() dealerId: string, @Query() query: ListCarsQuery): Promise<NewCarPageResponse> {
    const { cars, total } = await this.cars.list(dealerId, 'new', { skip: query.Skip, take: query.Take });
    return toUsedCarPageResponse(cars, total);
  }

  @Get('new/:vin')
  @ApiOperation({ operationId: 'getNewCar', summary: 'One new car by VIN (case-insensitive)' })
  @ApiOkResponse({ type: NewCarResponse })
  @ApiNotFoundResponse({ description: 'No new car with this VIN in the dealership' })
  async getNew(@CurrentDealer() dealerId: string, @Param('vin') vin: string): Promise<NewCarResponse> {
    return toUsedCarResponse(await this.getCar.execute(dealerId, 'new', vin));
  }

  @Put('used')
  @HttpCode(200)
  @Consumes('multipart/form-data')
  @UseInterceptors(FileInterceptor('File'), UploadCleanupInterceptor)
  @ApiOperation({ operationId: 'uploadUsedInventory', summary: 'Replace all used cars from a CSV file (atomic; per-row errors in the result)' })
  @ApiConsumes('multipart/form-data')
  @ApiBody(uploadSchema({ Delimeter: { type: 'string', example: ',', description: 'one character, or comma, semicolon, tab, pipe (default comma)' } }))
  @ApiOkResponse({ type: BulkInventoryResultResponse })
  @ApiBadRequestResponse({ description: 'No file, a file unusable as a whole (empty, not CSV, no VIN column), or bad Delimeter/columnMappings/dryRun/maxFailedRatio; nothing changed' })
  @ApiUnprocessableEntityResponse({ description: 'More rows refused than maxFailedRatio allows; the result is in details; nothing changed' })
  @ApiConflictResponse({ description: 'An upload is already running for the dealership' })
  @ApiPayloadTooLargeResponse({ description: 'File over the size limit or with too many rows; nothing changed' })
  @ApiUnsupportedMediaTypeResponse({ description: 'Not multipart/form-data' })
  async replaceUsed(
    @CurrentDealer() dealerId: string,
    @UploadedFile() file: Express.Multer.File | undefined,
    @Body() form: UsedInventoryUploadForm,
    @Query() query: UsedInventoryUploadQuery,
  ): Promise<BulkInventoryResultResponse> {
    const upload = requireFile(file);
    const feed = new CsvCarFeed(upload.path, parseDelimiter(form.Delimeter), parseColumnMappings(query.columnMappings));
    return toBulkInventoryResultResponse(await this.replaceInventory.execute(dealerId, 'used', feed, uploadOptions(query)));
  }

  @Put('new/json')
  @HttpCode(200)
  @Consumes('multipart/form-data')
  @UseInterceptors(FileInterceptor('File'), UploadCleanupInterceptor)
  @ApiOperation({ operationId: 'uploadNewInventory', summary: 'Replace all new cars from a JSON file: an array of cars or {"cars": [...]}' })
  @ApiConsumes('multipart/form-data')
  @ApiBody(uploadSchema())
  @ApiOkResponse({ type: BulkInventoryResultResponse })
  @ApiBadRequestResponse({ description: 'No file, a file unusable as a whole (empty, not JSON, no cars array), or bad dryRun/maxFailedRatio; nothing changed' })
  @ApiUnprocessableEntityResponse({ description: 'More cars refused than maxFailedRatio allows; the result is in details; nothing changed' })
  @ApiConflictResponse({ description: 'An upload is already running for the dealership' })
  @ApiPayloadTooLargeResponse({ description: 'File over the size limit or with too many cars; nothing changed' })
  @ApiUnsupportedMediaTypeResponse({ description: 'Not multipart/form-data' })
  async replaceNew(
    @CurrentDealer() dealerId: string,
    @UploadedFile() file: Express.Multer.File | undefined,
    @Body() form: Record<string, unknown>,
    @Query() query: InventoryUploadQuery,
  ): Promise<BulkInventoryResultResponse> {
    rejectFields(form);
    const upload = requireFile(file);
    return toBulkInventoryResultResponse(await this.replaceInventory.execute(dealerId, 'new', new JsonCarFeed(upload.path), uploadOptions(query)));
  }

  @Delete('new')
  @ApiOperation({ operationId: 'deleteNewInventory', summary: 'Remove every new car of the dealership' })
  @ApiOkResponse({ type: DeleteAllResultResponse })
  @ApiConflictResponse({ description: 'An upload is running for the dealership' })
  @ApiBadRequestResponse({ description: 'A query parameter (the endpoint takes none)' })
  async deleteNew(@CurrentDealer() dealerId: string, @Query() query: Record<string, unknown>): Promise<DeleteAllResultResponse> {
    // It takes none: a parameter it does not know (a dry run, as the uploads have) must not pass for one while deleting.
    rejectFields(query);
    return toDeleteAllResultResponse(await this.deleteNewInventory.execute(dealerId));
  }
}
