import { ArgumentsHost, Catch, Injectable, Logger, Optional } from '@nestjs/common';
import type { Request } from 'express';
import { AuthenticatedRequest } from '../../../../../libs/common/auth/auth.decorators';
import { RateLimiterAbstract } from 'rate-limiter-flexible';
import { parseBasic } from '../../../../../libs/common/auth/basic-authenticator';
import { countOne, LimiterStore } from '../../../../../libs/common/auth/limiter-store';
import { AllExceptionsFilter, NormalisedError } from '../../../../../libs/common/http/all-exceptions.filter';
import { readRawBody } from '../../../../../libs/common/http/raw-body';
import { AppConfig } from '../../../../config/app-config';
import { sha256Hex } from '../../application/enable-partner-integration.use-case';
import { RecordDeliveryAuditUseCase } from '../../application/record-delivery-audit.use-case';

/** Refusals of callers without a valid credential audited per client address and minute; past it, 429 and nothing written. */
const ANONYMOUS_AUDITS_PER_MINUTE = 20;

/**
 * The webhook's error filter: every refusal (bad credentials included: it sees guard errors too)
 * is audited, then answered by the shared filter (problem details on this path). Callers nobody
 * authenticated cannot fill the audit: their refusals are written only within a per-address budget
 * (shared by API processes through Redis), and throttled answers (429) are never written.
 */
@Catch()
@Injectable()
export class PartnerDeliveryAuditFilter extends AllExceptionsFilter {
  private readonly log = new Logger('PartnerWebhook');
  private readonly anonymousAudits: RateLimiterAbstract;

  constructor(
    private readonly audit: RecordDeliveryAuditUseCase,
    private readonly config: AppConfig,
    // Absent where nothing is served over HTTP (the CLI root composes this module without AuthModule).
    @Optional() limiters: LimiterStore = new LimiterStore({ redisUrl: null, keyPrefix: 'webhook' }),
  ) {
    super();
    this.anonymousAudits = limiters.limiter('webhook-anonymous-audits', ANONYMOUS_AUDITS_PER_MINUTE, 60);
  }

  override catch(exception: unknown, host: ArgumentsHost): void {
    const request = host.switchToHttp().getRequest<Request & AuthenticatedRequest>();
    const error = this.normalise(exception, request);
    // Answer once the record is written, so whoever reads the audit after the answer finds it.
    void this.auditOrThrottle(request, error)
      .catch((err: unknown): NormalisedError => {
        this.log.error({ err, request_id: request.id }, 'could not audit a refused partner delivery');
        return error;
      })
      .then((answer) => this.send(answer, host));
  }

  /** The answer to send: the refusal once audited, or a 429 (nothing written) past the anonymous budget. */
  private async auditOrThrottle(request: Request & AuthenticatedRequest, error: NormalisedError): Promise<NormalisedError> {
    if (error.status === 429) return error;
    if (!request.principal) {
      // A counter that cannot count (Redis gone) lets the refusal be audited.
      const counted = await countOne(this.anonymousAudits, request.ip ?? 'unknown').catch(() => null);
      if (counted && !counted.allowed) {
        const retryAfterSeconds = Math.max(1, Math.ceil(counted.res.msBeforeNext / 1000));
        return { status: 429, message: 'Too many refused deliveries from this address; try again later', details: null, code: 'rate_limited', retryAfterSeconds };
      }
    }
    await this.recordRefusal(request, error);
    return error;
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
