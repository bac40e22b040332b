import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Authenticated, CurrentDealer } from '../../../../../libs/common/auth/auth.decorators';
import { schemaFromExample } from '../../../../../libs/common/http/schema-from-example';
import { DealershipProfileView, GetDealershipProfileUseCase } from '../../application/get-dealership-profile.use-case';
import { dealershipProfileExample } from './dealership.response';

@ApiTags('dealership')
@Authenticated('dealer')
@Controller('api/v1/dealership')
export class DealershipController {
  constructor(private readonly getProfile: GetDealershipProfileUseCase) {}

  @Get()
  @ApiOperation({ operationId: 'getDealership', summary: "The caller's dealership profile and configuration, every field with its default" })
  @ApiOkResponse({ schema: schemaFromExample(dealershipProfileExample()) })
  get(@CurrentDealer() dealerId: string): Promise<DealershipProfileView> {
    return this.getProfile.execute(dealerId);
  }
}
