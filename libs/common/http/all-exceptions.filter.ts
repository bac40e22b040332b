import { ArgumentsHost, Catch, ExceptionFilter, HttpException, HttpStatus, Logger } from '@nestjs/common';
import type { Request, Response } from 'express';
import { DomainError } from '../errors/domain-error';
import { isDatabaseUnavailable } from '../persistence/database-errors';
import { ErrorBody, hasPathPrefix, PROBLEM_DETAILS_PATH_PREFIX, ProblemDetails, STATUS_BY_KIND, WWW_AUTHENTICATE } from './error-body';

/** An error as the client will see it. */
export interface NormalisedError {
  status: number;
  message: string;
  details: unknown;
  /** Stable code: the problem `type` of webhooks, the `reason` of audit records. */
  code: string;
  retryAfterSeconds?: number;
}


/** Maps every error to the spec's status and body; unexpected ones are logged and hidden. */
@Catch()
export class AllExceptionsFilter implements ExceptionFilter {
  private readonly logger = new Logger('Errors');

  catch(exception: unknown, host: ArgumentsHost): void {
    const request = host.switchToHttp().getRequest<Request>();
    this.send(this.normalise(exception, request), host);
  }

  /** Logs unexpected errors (once: call it once per exception). */
  protected normalise(exception: unknown, request: Request): NormalisedError {
    const requestId = requestIdOf(request);
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

  protected send(unbounded: NormalisedError, host: ArgumentsHost): void {
    const error = { ...unbounded, details: boundedDetails(unbounded.details) };
    const ctx = host.switchToHttp();
    const request = ctx.getRequest<Request>();
    const response = ctx.getResponse<Response>();
    if (response.headersSent) return;
    if (error.status === 401) response.setHeader('WWW-Authenticate', WWW_AUTHENTICATE);
    if (error.retryAfterSeconds !== undefined) response.setHeader('Retry-After', String(error.retryAfterSeconds));

    const path = request.originalUrl ?? request.url;
    if (hasPathPrefix(path, PROBLEM_DETAILS_PATH_PREFIX)) {
      const problem: ProblemDetails = {
        type: problemType(error.code),
        title: problemTitle(error),
        status: error.status,
        detail: error.message,
        instance: request.path,
        request_id: requestIdOf(request),
        ...(error.details !== null && error.details !== undefined ? { errors: error.details } : {}),
      };
      response.status(error.status).type('application/problem+json').send(JSON.stringify(problem));
      return;
    }
    const body: ErrorBody = { message: error.message, details: error.details ?? null };
    response.status(error.status).json(body);
  }
}

/** decisions.md section 1: `details` lists at most 20 entries, the rest summed up as `{ more: N }`. */
const MAX_DETAILS = 20;
export function boundedDetails(details: unknown): unknown {
  return Array.isArray(details) && details.length > MAX_DETAILS ? [...details.slice(0, MAX_DETAILS), { more: details.length - MAX_DETAILS }] : details;
}

function requestIdOf(request: Request): string {
  return String(request.id ?? request.res?.getHeader('X-Request-Id') ?? '');
}

/** RFC 9457 `type`: one URI per error code, stable (docs/partner-webhook.md lists them). */
function problemType(code: string): string {
  return `urn:dealer-api:problem:${code}`;
}

/**
 * RFC 9457 `title`: a summary of the problem type that does not change between occurrences (the
 * `detail` says what happened this time). Codes without their own title use the status phrase.
 */
const PROBLEM_TITLES: Record<string, string> = {
  unauthenticated: 'Missing or invalid credentials',
  'auth.wrong_credential_kind': 'Wrong kind of credential',
  'auth.dealership_disabled': 'Dealership disabled',
  rate_limited: 'Too many failed authentication attempts',
  rate_limit_exceeded: 'Rate limit exceeded',
  'webhook.signature_missing': 'Missing signature',
  'webhook.signature_malformed': 'Malformed signature',
  'webhook.signature_invalid': 'Invalid signature',
  'webhook.signing_not_configured': 'Signature verification not configured',
  malformed_json: 'Malformed JSON body',
  validation_failed: 'Invalid request',
  payload_too_large: 'Body too large',
  unsupported_media_type: 'Unsupported media type',
  request_aborted: 'Request aborted',
  route_not_found: 'No such route',
  database_unavailable: 'Service unavailable',
  internal_error: 'Internal server error',
};

/** Contexts add the titles of their own problem codes (at module load). */
export function registerProblemTitles(titles: Record<string, string>): void {
  Object.assign(PROBLEM_TITLES, titles);
}

function problemTitle(error: NormalisedError): string {
  return PROBLEM_TITLES[error.code] ?? statusPhrase(error.status);
}

function statusPhrase(status: number): string {
  const titles: Record<number, string> = {
    400: 'Bad Request', 401: 'Unauthorized', 403: 'Forbidden', 404: 'Not Found', 409: 'Conflict',
    413: 'Content Too Large', 415: 'Unsupported Media Type', 429: 'Too Many Requests', 500: 'Internal Server Error', 503: 'Service Unavailable',
  };
  return titles[status] ?? 'Error';
}
