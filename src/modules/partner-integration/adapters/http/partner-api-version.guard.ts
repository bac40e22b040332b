import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { isSupportedApiVersion } from '../../domain/integration-enabled';
import { UnsupportedApiVersionError } from '../../domain/partner-integration.errors';

/** `api-version` absent, `1` or `1.0`, else 400. A guard, so it runs after the signature and before the body. */
@Injectable()
export class PartnerApiVersionGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    const version = context.switchToHttp().getRequest<Request>().query['api-version'];
    if (!isSupportedApiVersion(version)) throw new UnsupportedApiVersionError(version);
    return true;
  }
}
