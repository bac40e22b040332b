import { ArgumentsHost, Catch, Injectable, Logger } from '@nestjs/common';
import type { Request } from 'express';
import { AuthenticatedRequest } from '../../../../../libs/common/auth/auth.decorators';
import { parseBasic } from '../../../../../libs/common/auth/basic-authenticator';
import { AllExceptionsFilter, NormalisedError } from '../../../../../libs/common/http/all-exceptions.filter';
import { readRawBody } from '../../../../../libs/common/http/raw-body';
import { AppConfig } from '../../../../config/app-config';
import { sha256Hex } from '../../application/enable-partner-integration.use-case';
import { RecordDeliveryAuditUseCase } from '../../application/record-delivery-audit.use-case';

/**
 * The webhook's error filter: every refusal (bad credentials included: it sees guard errors too)
 * is audited, then answered by the shared filter (problem details on this path).
 */
@Catch()
@Injectable()
export class PartnerDeliveryAuditFilter extends AllExceptionsFilter {
  private readonly log = new Logger('PartnerWebhook');

  constructor(
    private readonly audit: RecordDeliveryAuditUseCase,
    private readonly config: AppConfig,
  ) {
    super();
  }

  override catch(exception: unknown, host: ArgumentsHost): void {
    const request = host.switchToHttp().getRequest<Request & AuthenticatedRequest>();
    const error = this.normalise(exception, request);
    // Answer once the record is written, so whoever reads the audit after the answer finds it.
    void this.recordRefusal(request, error)
      .catch((err: unknown) => this.log.error({ err, request_id: request.id }, 'could not audit a refused partner delivery'))
      .then(() => this.send(error, host));
  }

  private async recordRefusal(request: Request & AuthenticatedRequest, error: NormalisedError): Promise<void> {
    const principal = request.principal;
    // A body not read yet (refused at the credentials) is read now, within the limit, for its hash.
    const bodySha256 = await readRawBody(request, this.config.limits.bodyBytes).then(sha256Hex, () => null);
    await this.audit.execute({
      receivedAt: new Date(),
      partnerId: principal?.partnerId ?? null,
      username: principal?.username ?? parseBasic(request.headers.authorization)?.username ?? null,
      clientAddress: request.ip ?? null,
      requestId: request.id ? String(request.id) : null,
      outcome: 'refused',
      status: error.status,
      reason: error.code,
      detail: error.message,
      bodySha256,
      dealerId: null,
    });
  }
}
