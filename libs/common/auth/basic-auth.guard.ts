import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request, Response } from 'express';
import { DomainError, RateLimitedError } from '../errors/domain-error';
import { ServiceMetrics } from '../metrics/service-metrics';
import { AuthenticatedRequest, PUBLIC_ROUTE, REQUIRED_KIND, REQUIRED_PARTNER_ENDPOINT } from './auth.decorators';
import { BasicAuthenticator, CredentialForbiddenError } from './basic-authenticator';
import { CredentialRateLimit } from './credential-rate-limit';
import { CredentialKind, PartnerEndpoint } from './principal';

/**
 * Global guard: every route needs Basic credentials of the route's kind unless marked @Public().
 * An authenticated request then counts against its credential's rate limit (decisions.md 12), as
 * does one its verified credential may not make (403):
 * `RateLimit-*` headers on the answer, 429 with `Retry-After` over the limit. Both in one guard, so
 * the limit is keyed by the credential just verified and runs before any route guard (signatures).
 */
@Injectable()
export class BasicAuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly authenticator: BasicAuthenticator,
    private readonly rateLimit: CredentialRateLimit,
    private readonly metrics: ServiceMetrics,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const targets = [context.getHandler(), context.getClass()];
    if (this.reflector.getAllAndOverride<boolean>(PUBLIC_ROUTE, targets)) return true;
    const kind = this.reflector.getAllAndOverride<CredentialKind>(REQUIRED_KIND, targets) ?? 'dealer';
    const endpoint = this.reflector.getAllAndOverride<PartnerEndpoint | null>(REQUIRED_PARTNER_ENDPOINT, targets) ?? null;
    const request = context.switchToHttp().getRequest<Request & AuthenticatedRequest>();
    const response = context.switchToHttp().getResponse<Response>();
    try {
      request.principal = await this.authenticator.authenticate(request.headers.authorization, request.ip ?? 'unknown', kind, endpoint);
    } catch (err) {
      if (err instanceof DomainError) this.metrics.authFailure(err.code);
      // A verified credential refused here (403) is an answer to that credential too: it is counted, with its headers.
      if (err instanceof CredentialForbiddenError) await this.count(err.username, response);
      throw err;
    }
    await this.count(request.principal.username, response);
    return true;
  }

  /** One request against the credential's limit: `RateLimit-*` headers, 429 over it. */
  private async count(username: string, response: Response): Promise<void> {
    const state = await this.rateLimit.take(username);
    response.setHeader('RateLimit-Limit', String(state.limit));
    response.setHeader('RateLimit-Remaining', String(state.remaining));
    response.setHeader('RateLimit-Reset', String(state.resetSeconds));
    if (!state.allowed) {
      throw new RateLimitedError(
        `Rate limit exceeded: ${state.limit} requests a minute for this credential; retry in ${state.resetSeconds} s`,
        state.resetSeconds,
        'rate_limit_exceeded',
      );
    }
  }
}
