import { Body, Controller, HttpCode, Post, UseGuards } from '@nestjs/common';
import { ApiBadRequestResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags, ApiUnauthorizedResponse } from '@nestjs/swagger';
import { Authenticated } from '../../../../../libs/common/auth/auth.decorators';
import { HmacSignatureGuard, HmacSigned } from '../../../../../libs/common/auth/hmac-signature.guard';
import { SIGNATURE_HEADER } from '../messaging/hmac-signature';
import { RecordInboundMessageUseCase } from '../../application/record-inbound-message.use-case';
import { InboundMessageRequest, InboundMessageResponse, toInboundMessage } from './inbound-message.request.dto';

/**
 * The messaging engine's inbound side: customers' replies. Like the partner webhook, it needs a
 * partner credential (Basic, decisions.md section 3) and then the engine's signature.
 */
@ApiTags('messaging')
@Authenticated('partner', 'messaging')
@HmacSigned({ header: SIGNATURE_HEADER, integration: 'messaging', codePrefix: 'messaging', notConfigured: 'MESSAGING_ENGINE_SECRET is not set' })
@UseGuards(HmacSignatureGuard)
@Controller('api/v1/messaging')
export class MessagingInboundController {
  constructor(private readonly recordInbound: RecordInboundMessageUseCase) {}

  @Post('inbound')
  @HttpCode(200)
  @ApiOperation({ operationId: 'recordInboundMessage', summary: "Record a customer's message (role user) in their conversation on the channel" })
  @ApiOkResponse({ type: InboundMessageResponse })
  @ApiUnauthorizedResponse({ description: 'Missing or wrong signature' })
  @ApiBadRequestResponse({ description: 'Invalid body or sender' })
  @ApiNotFoundResponse({ description: 'Unknown dealership or conversation' })
  async inbound(@Body() body: InboundMessageRequest): Promise<InboundMessageResponse> {
    const recorded = await this.recordInbound.execute(toInboundMessage(body));
    return { conversation_id: recorded.conversationId, message_id: recorded.messageId, duplicate: recorded.duplicate };
  }
}
