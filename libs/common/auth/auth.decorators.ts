import { applyDecorators, createParamDecorator, ExecutionContext, SetMetadata } from '@nestjs/common';
import { ApiBasicAuth, ApiForbiddenResponse, ApiTooManyRequestsResponse, ApiUnauthorizedResponse } from '@nestjs/swagger';
import { CredentialKind, PartnerEndpoint, Principal } from './principal';

export const PUBLIC_ROUTE = 'auth:public';
export const REQUIRED_KIND = 'auth:kind';
export const REQUIRED_PARTNER_ENDPOINT = 'auth:partner-endpoint';

/** No credentials needed (health checks). */
export const Public = () => SetMetadata(PUBLIC_ROUTE, true);

/** The credential kind a route accepts (dealer routes are the default); a partner route names the partner endpoint it is. */
export function Authenticated(kind?: 'dealer'): MethodDecorator & ClassDecorator;
export function Authenticated(kind: 'partner', endpoint: PartnerEndpoint): MethodDecorator & ClassDecorator;
export function Authenticated(kind: CredentialKind = 'dealer', endpoint?: PartnerEndpoint): MethodDecorator & ClassDecorator {
  return applyDecorators(
    SetMetadata(REQUIRED_KIND, kind),
    SetMetadata(REQUIRED_PARTNER_ENDPOINT, endpoint ?? null),
    ApiBasicAuth(),
    ApiUnauthorizedResponse({ description: 'Missing, malformed or wrong Basic credentials' }),
    ApiForbiddenResponse({ description: endpoint ? `Not a partner credential issued for the ${endpoint} endpoints` : `Not a ${kind} credential, or the dealership is disabled` }),
    ApiTooManyRequestsResponse({
      description: "Over the credential's rate limit (RATE_LIMIT_PER_MINUTE requests a minute), or too many failed authentication attempts",
      headers: {
        'Retry-After': { description: 'Seconds to wait', schema: { type: 'integer' } },
        'RateLimit-Limit': { description: 'Requests a minute this credential may make (on every authenticated answer)', schema: { type: 'integer' } },
        'RateLimit-Remaining': { description: 'Requests left in the current minute', schema: { type: 'integer' } },
        'RateLimit-Reset': { description: 'Seconds until the allowance is whole again', schema: { type: 'integer' } },
      },
    }),
  );
}

export interface AuthenticatedRequest {
  principal?: Principal;
}

/** The caller's dealership id: every tenant query takes it. */
export const CurrentDealer = createParamDecorator((_: unknown, ctx: ExecutionContext): string => {
  const principal = ctx.switchToHttp().getRequest<AuthenticatedRequest>().principal;
  if (!principal?.dealerId) throw new Error('CurrentDealer used on a route without dealer authentication');
  return principal.dealerId;
});

export const CurrentPrincipal = createParamDecorator(
  (_: unknown, ctx: ExecutionContext): Principal => ctx.switchToHttp().getRequest<AuthenticatedRequest>().principal!,
);
