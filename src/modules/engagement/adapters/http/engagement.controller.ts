import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiAcceptedResponse, ApiBadRequestResponse, ApiBody, ApiConflictResponse, ApiHeader, ApiOperation, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
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
  @ApiBody({
    type: EngageRequest,
    examples: {
      sms: { summary: 'A text to a phone', value: { contact: { full_name: 'Ana Ruiz', phone: '(416) 555-0101' }, message: 'Hi Ana, the 2021 RAV4 you asked about is still here. Want to come by Saturday?', channel: 'sms' } },
      email: { summary: 'An email', value: { contact: { first_name: 'Ana', last_name: 'Ruiz', email: 'ana.ruiz@example.com' }, message: 'Hi Ana, the RAV4 is ready for a test drive.', channel: 'email', subject: 'Your RAV4' } },
    },
  })
  @ApiAcceptedResponse({ description: 'Queued; empty body' })
  @ApiBadRequestResponse({ description: 'Invalid body: no email or phone, invalid phone, channel without its address, message length' })
  @ApiConflictResponse({ description: 'The Idempotency-Key was used within 24 hours for a different request' })
  @ApiServiceUnavailableResponse({ description: 'The database is unreachable: nothing was recorded; retry after `Retry-After` seconds (a queue that is down does not refuse: the message is delivered once it is back)' })
  async engage(@CurrentDealer() dealerId: string, @Body() body: EngageRequest, @RequestHeader('idempotency-key') idempotencyKey?: string): Promise<void> {
    await this.engageContact.execute(dealerId, toEngageCommand(body), idempotencyKey);
  }
}
