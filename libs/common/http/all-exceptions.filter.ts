import { ArgumentsHost, Catch, ExceptionFilter, HttpException, HttpStatus, Logger } from '@nestjs/common';
import type { Request, Response } from 'express';
import { DomainError } from '../errors/domain-error';
import { isDatabaseUnavailable } from '../persistence/database-errors';
import { ErrorBody, PROBLEM_DETAILS_PATH_PREFIX, ProblemDetails, STATUS_BY_KIND } from './error-body';

interface Normalised {
  status: number;
  message: string;
  details: unknown;
  code: string;
  retryAfterSeconds?: number;
}

const WWW_AUTHENTICATE = 'Basic realm="dealer-api", charset="UTF-8"';

/** Maps every error to the spec's status and body; unexpected ones are logged and hidden. */
@Catch()
export class AllExceptionsFilter implements ExceptionFilter {
  private readonly logger = new Logger('Errors');

  catch(exception: unknown, host: ArgumentsHost): void {
    const ctx = host.switchToHttp();
    const request = ctx.getRequest<Request>();
    const response = ctx.getResponse<Response>();
    const requestId = String(request.id ?? response.getHeader('X-Request-Id') ?? '');
    const error = this.normalise(exception, requestId, request);

    if (response.headersSent) return;
    if (error.status === 401) response.setHeader('WWW-Authenticate', WWW_AUTHENTICATE);
    if (error.retryAfterSeconds !== undefined) response.setHeader('Retry-After', String(error.retryAfterSeconds));

    if ((request.originalUrl ?? request.url).startsWith(PROBLEM_DETAILS_PATH_PREFIX)) {
      const problem: ProblemDetails = {
        type: `urn:dealer-api:problem:${error.code}`,
        title: titleOf(error.status),
        status: error.status,
        detail: error.message,
        instance: request.originalUrl ?? request.url,
        request_id: requestId,
        ...(error.details !== null && error.details !== undefined ? { errors: error.details } : {}),
      };
      response.status(error.status).type('application/problem+json').send(JSON.stringify(problem));
      return;
    }
    const body: ErrorBody = { message: error.message, details: error.details ?? null };
    response.status(error.status).json(body);
  }

  private normalise(exception: unknown, requestId: string, request: Request): Normalised {
    if (exception instanceof DomainError) {
      return {
        status: STATUS_BY_KIND[exception.kind], message: exception.message, details: exception.details,
        code: exception.code, retryAfterSeconds: exception.retryAfterSeconds,
      };
    }
    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      if (status === HttpStatus.NOT_FOUND) {
        return { status, message: `No route for ${request.method} ${request.path}`, details: null, code: 'route_not_found' };
      }
      if (status < 500) {
        const res = exception.getResponse();
        const message = typeof res === 'string' ? res : String((res as { message?: unknown }).message ?? exception.message);
        return { status, message, details: null, code: `http_${status}` };
      }
    }
    if (isDatabaseUnavailable(exception)) {
      this.logger.error({ err: exception, request_id: requestId }, 'database unavailable');
      return { status: 503, message: 'Service temporarily unavailable', details: null, code: 'database_unavailable', retryAfterSeconds: 5 };
    }
    this.logger.error({ err: exception, request_id: requestId }, 'unexpected error');
    return { status: 500, message: 'Internal server error', details: { request_id: requestId }, code: 'internal_error' };
  }
}

function titleOf(status: number): string {
  const titles: Record<number, string> = {
    400: 'Bad Request', 401: 'Unauthorized', 403: 'Forbidden', 404: 'Not Found', 409: 'Conflict',
    413: 'Content Too Large', 415: 'Unsupported Media Type', 429: 'Too Many Requests', 500: 'Internal Server Error', 503: 'Service Unavailable',
  };
  return titles[status] ?? 'Error';
}
