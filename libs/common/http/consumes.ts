import { CallHandler, ExecutionContext, Injectable, NestInterceptor, SetMetadata } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import type { Observable } from 'rxjs';
import { UnsupportedMediaTypeError } from '../errors/domain-error';

const CONSUMES = 'http:consumes';

/** The content type a route's body must have; routes without it take JSON. */
export const Consumes = (mediaType: string) => SetMetadata(CONSUMES, mediaType);

/** 415 when a request carries a body of a type the route does not take (runs after authentication). */
@Injectable()
export class ContentTypeInterceptor implements NestInterceptor {
  constructor(private readonly reflector: Reflector) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const request = context.switchToHttp().getRequest<Request>();
    const hasBody = Number(request.headers['content-length'] ?? 0) > 0 || request.headers['transfer-encoding'] !== undefined;
    if (!hasBody) return next.handle();
    const wanted = this.reflector.getAllAndOverride<string>(CONSUMES, [context.getHandler(), context.getClass()]) ?? 'application/json';
    if (!request.is(wanted)) {
      throw new UnsupportedMediaTypeError(`Content-Type must be ${wanted}; got ${request.headers['content-type'] ?? 'none'}`);
    }
    return next.handle();
  }
}
