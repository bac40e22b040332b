/**
 * Errors the application raises on purpose. Pure: no framework imports, so domain and application
 * code can throw them; the HTTP error filter maps `kind` to a status and the spec's body.
 */
export type ErrorKind =
  | 'validation'
  | 'unauthenticated'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'payload_too_large'
  | 'unsupported_media_type'
  | 'unprocessable'
  | 'rate_limited'
  | 'unavailable';

export class DomainError extends Error {
  constructor(
    readonly kind: ErrorKind,
    message: string,
    /** Stable, dotted code (e.g. `inventory.upload_in_progress`) for logs and problem `type`s. */
    readonly code: string,
    readonly details: unknown = null,
    /** Seconds the client should wait (429, 503). */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export interface FieldError {
  field: string;
  errors: string[];
}

export class ValidationError extends DomainError {
  constructor(message: string, details: FieldError[] | unknown = null, code = 'validation_failed') {
    super('validation', message, code, details);
  }
}

/** A 404's message names the id it looked for; an id from a body can be as long as the body, so it is cut. */
const NOT_FOUND_MESSAGE_MAX = 1000;

export class NotFoundError extends DomainError {
  constructor(message: string, code = 'not_found') {
    super('not_found', message.length > NOT_FOUND_MESSAGE_MAX ? `${message.slice(0, NOT_FOUND_MESSAGE_MAX)}…` : message, code);
  }
}

export class ConflictError extends DomainError {
  constructor(message: string, code = 'conflict', details: unknown = null) {
    super('conflict', message, code, details);
  }
}

export class PayloadTooLargeError extends DomainError {
  constructor(message: string, details: unknown = null, code = 'payload_too_large') {
    super('payload_too_large', message, code, details);
  }
}

export class UnsupportedMediaTypeError extends DomainError {
  constructor(message: string, code = 'unsupported_media_type') {
    super('unsupported_media_type', message, code);
  }
}

/** A well-formed request the server refuses on its own terms (an upload over its maxFailedRatio): 422. */
export class UnprocessableError extends DomainError {
  constructor(message: string, details: unknown = null, code = 'unprocessable') {
    super('unprocessable', message, code, details);
  }
}

export class UnauthenticatedError extends DomainError {
  constructor(message = 'Authentication required', code = 'unauthenticated') {
    super('unauthenticated', message, code);
  }
}

export class ForbiddenError extends DomainError {
  constructor(message: string, code = 'forbidden') {
    super('forbidden', message, code);
  }
}

export class RateLimitedError extends DomainError {
  constructor(message: string, retryAfterSeconds: number, code = 'rate_limited') {
    super('rate_limited', message, code, null, retryAfterSeconds);
  }
}

export class UnavailableError extends DomainError {
  constructor(message: string, retryAfterSeconds = 5, code = 'unavailable') {
    super('unavailable', message, code, null, retryAfterSeconds);
  }
}
