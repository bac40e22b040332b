import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiAcceptedResponse, ApiBadRequestResponse, ApiConflictResponse, ApiHeader, ApiOperation, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import { RequestHeader } from '../../../../../libs/common/http/request-header';
import { Authenticated, CurrentDealer } from '../../../../../libs/common/auth/auth.decorators';
import { EngageContactUseCase } from '../../application/engage-contact.use-case';
import { EngageRequest, toEngageCommand } from './engage.request.dto';

@ApiTags('engagement')
@Authenticated('dealer')
@Controller('api/v1/ailm')
export class EngagementController {
  constructor(private readonly engageContact: EngageContactUseCase) {}

  @Post('engage')
  @HttpCode(202)
  @ApiOperation({ operationId: 'engageContact', summary: 'Create or update a contact and queue a message to it for delivery by the messaging engine' })
  @ApiHeader({ name: 'Idempotency-Key', required: false, description: 'A repeat with the same key within 24 hours is a no-op (202, nothing queued); 1-255 visible ASCII characters' })
  @ApiAcceptedResponse({ description: 'Queued; empty body' })
  @ApiBadRequestResponse({ description: 'Invalid body: no email or phone, invalid phone, channel without its address, message length' })
  @ApiConflictResponse({ description: 'The Idempotency-Key was used within 24 hours for a different request' })
  @ApiServiceUnavailableResponse({ description: 'The delivery queue is unavailable' })
  async engage(@CurrentDealer() dealerId: string, @Body() body: EngageRequest, @RequestHeader('idempotency-key') idempotencyKey?: string): Promise<void> {
    await this.engageContact.execute(dealerId, toEngageCommand(body), idempotencyKey);
  }
}
