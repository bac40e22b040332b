import { applyDecorators, CallHandler, CanActivate, ExecutionContext, Injectable, NestInterceptor, SetMetadata, UseInterceptors } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import type { Observable } from 'rxjs';
import { UnsupportedMediaTypeError } from '../errors/domain-error';

const CONSUMES = 'http:consumes';
const CHECKED_LAST = 'http:content-type-checked-last';

/** The content type a route's body must have; routes without it take JSON. */
export const Consumes = (mediaType: string) => SetMetadata(CONSUMES, mediaType);

/** 415 when the request carries a body of a type the route does not take. */
function refuseUnwantedBody(reflector: Reflector, context: ExecutionContext): void {
  const request = context.switchToHttp().getRequest<Request>();
  const hasBody = Number(request.headers['content-length'] ?? 0) > 0 || request.headers['transfer-encoding'] !== undefined;
  if (!hasBody) return;
  const wanted = reflector.getAllAndOverride<string>(CONSUMES, [context.getHandler(), context.getClass()]) ?? 'application/json';
  if (!request.is(wanted)) {
    throw new UnsupportedMediaTypeError(`Content-Type must be ${wanted}; got ${request.headers['content-type'] ?? 'none'}`);
  }
}

/**
 * The content type check of every route, right after authentication (the composition root registers
 * it as the global guard after Basic auth). A guard, not an interceptor: any interceptor sends each
 * request through Nest's rxjs and async-context wrapping, ~15% of a small read's CPU (bench:http).
 * Global guards run before a route's own guards: a route whose guards must answer before a 415 (a
 * signature, as `HmacSigned` routes) marks itself `ContentTypeCheckedLast()`.
 */
@Injectable()
export class ContentTypeGuard implements CanActivate {
  constructor(private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    if (!this.reflector.getAllAndOverride<boolean>(CHECKED_LAST, [context.getHandler(), context.getClass()])) refuseUnwantedBody(this.reflector, context);
    return true;
  }
}

@Injectable()
class ContentTypeLastInterceptor implements NestInterceptor {
  constructor(private readonly reflector: Reflector) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    refuseUnwantedBody(this.reflector, context);
    return next.handle();
  }
}

/**
 * The content type is checked after every guard of the route (interceptors run after guards), for
 * routes whose own guards answer first: a signed webhook refuses a bad signature (401) before a
 * wrong content type (415).
 */
export const ContentTypeCheckedLast = () => applyDecorators(SetMetadata(CHECKED_LAST, true), UseInterceptors(ContentTypeLastInterceptor));
