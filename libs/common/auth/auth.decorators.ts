import { applyDecorators, createParamDecorator, ExecutionContext, SetMetadata } from '@nestjs/common';
import { ApiBasicAuth, ApiForbiddenResponse, ApiTooManyRequestsResponse, ApiUnauthorizedResponse } from '@nestjs/swagger';
import { CredentialKind, Principal } from './principal';

export const PUBLIC_ROUTE = 'auth:public';
export const REQUIRED_KIND = 'auth:kind';

/** No credentials needed (health checks). */
export const Public = () => SetMetadata(PUBLIC_ROUTE, true);

/** The credential kind a route accepts; dealer routes are the default. */
export function Authenticated(kind: CredentialKind = 'dealer'): MethodDecorator & ClassDecorator {
  return applyDecorators(
    SetMetadata(REQUIRED_KIND, kind),
    ApiBasicAuth(),
    ApiUnauthorizedResponse({ description: 'Missing, malformed or wrong Basic credentials' }),
    ApiForbiddenResponse({ description: `Not a ${kind} credential, or the dealership is disabled` }),
    ApiTooManyRequestsResponse({ description: 'Too many failed authentication attempts' }),
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
