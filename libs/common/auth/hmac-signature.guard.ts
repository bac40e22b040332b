import { applyDecorators, CanActivate, ExecutionContext, Injectable, SetMetadata } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { ApiSecurity } from '@nestjs/swagger';
import type { Request } from 'express';
import { UnauthenticatedError, UnavailableError } from '../errors/domain-error';
import { ContentTypeCheckedLast } from '../http/consumes';
import { readRawBody } from '../http/raw-body';
import { parseHmacSha256Signature, verifyHmacSha256 } from './hmac';

const HMAC_SIGNED = 'auth:hmac-signed';

/**
 * The secrets each signed integration accepts (several during a rotation), by name. The
 * composition root binds it from configuration; an integration without secrets answers 503.
 */
export abstract class SigningSecrets {
  abstract of(integration: string): readonly string[];
}

/** The JSON body limit, bound by the composition root (signed bodies read here obey it too). */
export abstract class BodyLimit {
  abstract readonly bytes: number;
}

export interface HmacSignedOptions {
  /** The header carrying the hex HMAC-SHA256 of the raw body, e.g. `X-Partner-Signature`. */
  header: string;
  /** Which secrets verify it (a `SigningSecrets` name). */
  integration: string;
  /** Stable codes of the refusals: `<prefix>.signature_missing`, `.signature_malformed`, `.signature_invalid`, `.signing_not_configured`. */
  codePrefix: string;
  /** Says, on a 503, what is not configured (e.g. `PARTNER_SIGNING_SECRETS is not set`). */
  notConfigured: string;
}

/** The OpenAPI security scheme of an integration's signature header (app.factory.ts declares one per signed integration). */
export function signatureScheme(integration: string): string {
  return `${integration}Signature`;
}

/**
 * The route's body must be signed. Add `HmacSignatureGuard` to the route's guards: it runs after
 * the global Basic guard, so the order is credentials (401) -> signature (401) -> the route's other
 * guards -> content type (415).
 */
export function HmacSigned(options: HmacSignedOptions): MethodDecorator & ClassDecorator {
  return applyDecorators(
    SetMetadata(HMAC_SIGNED, options),
    ContentTypeCheckedLast(),
    // Together with Basic: one requirement, both schemes (the document's scheme is named `<integration>Signature`).
    ApiSecurity({ basic: [], [signatureScheme(options.integration)]: [] }),
  );
}

/**
 * Verifies the signature over the raw request bytes in constant time (the bytes the JSON parser
 * kept, or read here after authentication; see `readsOwnBody`). No secret configured: 503, since
 * the server, not the caller, is at fault and the caller should retry once an operator set it.
 */
@Injectable()
export class HmacSignatureGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly secrets: SigningSecrets,
    private readonly bodyLimitBytes: BodyLimit,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const options = this.reflector.getAllAndOverride<HmacSignedOptions | undefined>(HMAC_SIGNED, [context.getHandler(), context.getClass()]);
    if (!options) throw new Error('HmacSignatureGuard is used on a route without @HmacSigned()');
    const { header: name, codePrefix } = options;
    const secrets = this.secrets.of(options.integration);
    if (secrets.length === 0) {
      throw new UnavailableError(`Signature verification is not configured on this server (${options.notConfigured}); retry later`, 60, `${codePrefix}.signing_not_configured`);
    }
    const request = context.switchToHttp().getRequest<Request>();
    const header = request.headers[name.toLowerCase()];
    if (header === undefined) throw new UnauthenticatedError(`Missing ${name} header`, `${codePrefix}.signature_missing`);
    const value = Array.isArray(header) ? undefined : header;
    if (!parseHmacSha256Signature(value)) {
      throw new UnauthenticatedError(`${name} must be the 64 hex digits of an HMAC-SHA256, optionally prefixed sha256=`, `${codePrefix}.signature_malformed`);
    }
    const body = await readRawBody(request, this.bodyLimitBytes.bytes);
    if (!verifyHmacSha256(body, value, secrets)) {
      throw new UnauthenticatedError(`${name} does not match the request body`, `${codePrefix}.signature_invalid`);
    }
    return true;
  }
}
