import { ErrorKind } from '../errors/domain-error';

export const STATUS_BY_KIND: Record<ErrorKind, number> = {
  validation: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  unprocessable: 422,
  rate_limited: 429,
  unavailable: 503,
};

/** The challenge of every 401 (decisions.md section 2). */
export const WWW_AUTHENTICATE = 'Basic realm="dealer-api", charset="UTF-8"';

/** The error body of every endpoint but the partner webhook (decisions.md section 2). */
export interface ErrorBody {
  message: string;
  details: unknown;
}

/** RFC 9457 problem details (partner webhook). */
export interface ProblemDetails {
  type: string;
  title: string;
  status: number;
  detail: string;
  instance: string;
  [extension: string]: unknown;
}

/**
 * Inbound webhooks: they read their raw body themselves after authentication (the signature
 * covers the exact bytes) and answer problem details.
 */
export const WEBHOOK_PATH_PREFIX = '/api/v1/webhooks/';

/** Webhooks speak problem details; everything else speaks `{ message, details }`. */
export const PROBLEM_DETAILS_PATH_PREFIX = WEBHOOK_PATH_PREFIX;

/** Express matches routes case-insensitively, so path prefixes are compared the same way. */
export function hasPathPrefix(url: string, prefix: string): boolean {
  return url.slice(0, prefix.length).toLowerCase() === prefix;
}
