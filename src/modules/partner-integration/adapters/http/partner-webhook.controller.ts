import { Controller, HttpCode, Post, Req, UseFilters, UseGuards } from '@nestjs/common';
import {
  ApiBadRequestResponse, ApiBody, ApiNoContentResponse, ApiOperation, ApiPayloadTooLargeResponse, ApiQuery,
  ApiServiceUnavailableResponse, ApiTags, ApiUnsupportedMediaTypeResponse,
} from '@nestjs/swagger';
import type { Request } from 'express';
import { Authenticated, CurrentPrincipal } from '../../../../../libs/common/auth/auth.decorators';
import { HmacSignatureGuard, HmacSigned } from '../../../../../libs/common/auth/hmac-signature.guard';
import { Principal } from '../../../../../libs/common/auth/principal';
import { UnsupportedMediaTypeError } from '../../../../../libs/common/errors/domain-error';
import { readRawBody } from '../../../../../libs/common/http/raw-body';
import { AppConfig } from '../../../../config/app-config';
import { EnablePartnerIntegrationUseCase } from '../../application/enable-partner-integration.use-case';
import { SUPPORTED_API_VERSIONS } from '../../domain/integration-enabled';
import { PartnerApiVersionGuard } from './partner-api-version.guard';
import { PartnerDeliveryAuditFilter } from './partner-delivery-audit.filter';

const PARTNER_SIGNATURE_HEADER = 'X-Partner-Signature';

/** A failure of the webhook; its problem-details body is added to every 4xx/5xx by the document's conventions (openapi-conventions.ts). */
const problem = (description: string) => ({ description });

@ApiTags('partner webhooks')
@Controller('api/v1/webhooks/partner')
export class PartnerWebhookController {
  constructor(
    private readonly enableIntegration: EnablePartnerIntegrationUseCase,
    private readonly config: AppConfig,
  ) {}

  @Post('integration-enabled')
  @HttpCode(204)
  @Authenticated('partner', 'credit-application')
  @HmacSigned({ header: PARTNER_SIGNATURE_HEADER, integration: 'partner', codePrefix: 'webhook', notConfigured: 'PARTNER_SIGNING_SECRETS is not set' })
  // After the global Basic guard, in this order: credentials (401) -> signature (401) -> api-version (400);
  // then the content type (415, interceptor) and the body (400, use case).
  @UseGuards(HmacSignatureGuard, PartnerApiVersionGuard)
  @UseFilters(PartnerDeliveryAuditFilter)
  @ApiOperation({ operationId: 'partnerIntegrationEnabled',
    summary: 'A retailer enabled the credit-application integration',
    description: 'Finds or creates the dealership `slug(retailerName)` and records the `partner-credit-application` integration on it. '
      + 'Signed: `X-Partner-Signature` is the hex HMAC-SHA256 of the raw body. Unknown body fields are accepted. '
      + 'A redelivery of the same body is a no-op (also 204). Every failure is `application/problem+json`.',
  })
  @ApiQuery({ name: 'api-version', required: false, enum: SUPPORTED_API_VERSIONS })
  @ApiBody({
    schema: {
      type: 'object',
      required: ['retailerName'],
      additionalProperties: true,
      properties: {
        retailerName: { type: 'string', example: "Bob's Côte Motors", description: 'Latin script; its slug is the dealer id (bobs-cote-motors)' },
        subscriptionId: { type: 'string', example: 'sub_123', description: 'Recorded as the integration\'s subscription_id (also read as subscription_id)' },
        region: { type: 'string', example: 'CA', description: 'Two-letter country code of a dealership created by this call (also read as country or countryCode); default US' },
      },
    },
  })
  @ApiNoContentResponse({ description: 'Recorded (or already recorded: a redelivery)' })
  @ApiBadRequestResponse(problem('Unsupported api-version, malformed JSON, or retailerName missing, blank or unusable'))
  @ApiPayloadTooLargeResponse(problem('Body over BODY_LIMIT_BYTES'))
  @ApiUnsupportedMediaTypeResponse(problem('Not application/json (UTF-8, uncompressed)'))
  @ApiServiceUnavailableResponse(problem('PARTNER_SIGNING_SECRETS is not set on the server'))
  async integrationEnabled(@CurrentPrincipal() partner: Principal, @Req() request: Request): Promise<void> {
    refuseNonUtf8(request);
    await this.enableIntegration.execute({
      partnerId: partner.partnerId!,
      body: await readRawBody(request, this.config.limits.bodyBytes),
      origin: { username: partner.username, clientAddress: request.ip ?? null, requestId: request.id ? String(request.id) : null },
    });
  }
}

/** JSON is UTF-8 (RFC 8259); a declared other charset is refused rather than misread. */
function refuseNonUtf8(request: Request): void {
  const charset = /;\s*charset\s*=\s*"?([^";\s]+)/i.exec(request.headers['content-type'] ?? '')?.[1]?.toLowerCase();
  if (charset && charset !== 'utf-8' && charset !== 'utf8') {
    throw new UnsupportedMediaTypeError(`Content-Type charset must be utf-8; got ${charset}`);
  }
}
