import type { NextFunction, Request, Response } from 'express';
import { DomainError, PayloadTooLargeError, UnsupportedMediaTypeError, ValidationError } from '../errors/domain-error';

/**
 * Express error middleware placed right after the body parser: its errors (malformed JSON, body
 * over the limit, unsupported charset) become domain errors, so the one filter shapes them.
 */
export function translateBodyParserErrors(err: unknown, req: Request, _res: Response, next: NextFunction): void {
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
      // A body that does not decompress as its Content-Encoding says: zlib's error, which the parser marks 400 without a type.
      if (isZlibError(err)) return next(new ValidationError(`The body is not valid ${String((req.headers['content-encoding'] ?? '')).trim()} data (Content-Encoding)`, null, 'malformed_encoding'));
      return next(err);
  }
}

/** zlib's errors carry a Z_* code (`Z_DATA_ERROR`, `Z_BUF_ERROR` for a cut stream), brotli's `ERR__ERROR_*`, and the parser's 400. */
function isZlibError(err: unknown): boolean {
  const e = err as { status?: unknown; code?: unknown; errno?: unknown } | null;
  return e?.status === 400 && typeof e.code === 'string' && /^(Z_|ERR__ERROR_)/.test(e.code);
}
