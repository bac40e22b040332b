import type { NextFunction, Request, Response } from 'express';
import { DomainError, PayloadTooLargeError, UnsupportedMediaTypeError, ValidationError } from '../errors/domain-error';

/**
 * Express error middleware placed right after the body parser: its errors (malformed JSON, body
 * over the limit, unsupported charset) become domain errors, so the one filter shapes them.
 */
export function translateBodyParserErrors(err: unknown, _req: Request, _res: Response, next: NextFunction): void {
  const e = err as { type?: unknown; limit?: unknown } | null;
  switch (e?.type) {
    case 'entity.parse.failed':
      return next(new ValidationError('Malformed JSON body', null, 'malformed_json'));
    case 'entity.too.large':
      return next(new PayloadTooLargeError('Request body too large', { limit_bytes: e.limit ?? null }));
    case 'encoding.unsupported':
    case 'charset.unsupported':
      return next(new UnsupportedMediaTypeError('Unsupported body encoding or charset'));
    case 'request.aborted':
      return next(new DomainError('validation', 'Request aborted', 'request_aborted'));
    default:
      return next(err);
  }
}
