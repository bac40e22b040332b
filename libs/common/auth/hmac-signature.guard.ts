import { applyDecorators, CanActivate, ExecutionContext, Injectable, SetMetadata } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { ApiHeader } from '@nestjs/swagger';
import type { Request } from 'express';
import { AppConfig } from '../../../src/config/app-config';
import { UnauthenticatedError, UnavailableError } from '../errors/domain-error';
import { readRawBody } from '../http/raw-body';
import { parseHmacSha256Signature, verifyHmacSha256 } from './hmac';

const HMAC_SIGNED = 'auth:hmac-signed';

export interface HmacSignedOptions {
  /** The header carrying the hex HMAC-SHA256 of the raw body, e.g. `X-Partner-Signature`. */
  header: string;
  /** The accepted secrets (several during a rotation). */
  secrets: (config: AppConfig) => readonly string[];
}

/**
 * The route's body must be signed. Add `HmacSignatureGuard` to the route's guards: it runs after
 * the global Basic guard, so the order is credentials (401) -> signature (401).
 */
export function HmacSigned(options: HmacSignedOptions): MethodDecorator & ClassDecorator {
  return applyDecorators(
    SetMetadata(HMAC_SIGNED, options),
    ApiHeader({
      name: options.header,
      required: true,
      description: 'Hex (either case, optionally prefixed `sha256=`) HMAC-SHA256 of the exact request body bytes under the shared signing secret',
    }),
  );
}

/**
 * Verifies the signature over the raw request bytes (read here, after authentication; see
 * `readsOwnBody`). No secret configured: 503, since the server, not the caller, is at fault and
 * the caller should retry once an operator has set it.
 */
@Injectable()
export class HmacSignatureGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly config: AppConfig,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const options = this.reflector.getAllAndOverride<HmacSignedOptions | undefined>(HMAC_SIGNED, [context.getHandler(), context.getClass()]);
    if (!options) throw new Error('HmacSignatureGuard is used on a route without @HmacSigned()');
    const secrets = options.secrets(this.config);
    if (secrets.length === 0) {
      throw new UnavailableError('Signature verification is not configured on this server; retry later', 60, 'webhook.signing_not_configured');
    }
    const request = context.switchToHttp().getRequest<Request>();
    const header = request.headers[options.header.toLowerCase()];
    if (header === undefined) throw new UnauthenticatedError(`Missing ${options.header} header`, 'webhook.signature_missing');
    const value = Array.isArray(header) ? undefined : header;
    if (!parseHmacSha256Signature(value)) {
      throw new UnauthenticatedError(`${options.header} must be the 64 hex digits of an HMAC-SHA256, optionally prefixed sha256=`, 'webhook.signature_malformed');
    }
    const body = await readRawBody(request, this.config.limits.bodyBytes);
    if (!verifyHmacSha256(body, value, secrets)) {
      throw new UnauthenticatedError(`${options.header} does not match the request body`, 'webhook.signature_invalid');
    }
    return true;
  }
}
