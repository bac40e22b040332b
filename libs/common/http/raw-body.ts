import type { IncomingMessage } from 'node:http';
import { DomainError, PayloadTooLargeError, UnsupportedMediaTypeError } from '../errors/domain-error';
import { hasPathPrefix, WEBHOOK_PATH_PREFIX } from './error-body';

type RawBodyRequest = IncomingMessage & { originalUrl?: string; rawBody?: Buffer; rawBodyRead?: Promise<Buffer> };

/**
 * Requests whose body the JSON parser leaves unread: a webhook reads it in its guards, after the
 * credentials are checked, so a refused caller gets 401 whatever it sent (malformed or oversize).
 */
export function readsOwnBody(req: IncomingMessage): boolean {
  const r = req as RawBodyRequest;
  return hasPathPrefix(r.originalUrl ?? r.url ?? '', WEBHOOK_PATH_PREFIX);
}

/**
 * The exact request bytes, read once (later calls get the same buffer, also kept as
 * `req.rawBody`). Over `limitBytes`: 413, after the rest has been drained so the client reads the
 * answer rather than a reset connection. Compressed bodies are refused (415): the signature covers
 * the bytes as sent, and an inflated body would escape the limit.
 */
export function readRawBody(req: IncomingMessage, limitBytes: number): Promise<Buffer> {
  const r = req as RawBodyRequest;
  if (r.rawBody) return Promise.resolve(r.rawBody);
  r.rawBodyRead ??= read(r, limitBytes).then((body) => (r.rawBody = body));
  return r.rawBodyRead;
}

function read(req: IncomingMessage, limitBytes: number): Promise<Buffer> {
  return new Promise<Buffer>((resolve, reject) => {
    const encoding = (req.headers['content-encoding'] ?? 'identity').trim().toLowerCase();
    const declared = Number(req.headers['content-length']);
    let refusal: DomainError | null = null;
    if (encoding !== 'identity') refusal = new UnsupportedMediaTypeError(`Content-Encoding ${encoding} is not supported; send the body uncompressed`);
    else if (Number.isFinite(declared) && declared > limitBytes) refusal = tooLarge(limitBytes);
    if (req.readableEnded) {
      reject(refusal ?? new Error('The request body was already consumed by another reader'));
      return;
    }

    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (refusal) return;
      if (size > limitBytes) {
        refusal = tooLarge(limitBytes);
        chunks.length = 0;
      } else {
        chunks.push(chunk);
      }
    };
    const onEnd = () => {
      cleanup();
      if (refusal) reject(refusal);
      else resolve(Buffer.concat(chunks, size));
    };
    const onAborted = () => {
      cleanup();
      reject(new DomainError('validation', 'Request aborted', 'request_aborted'));
    };
    const cleanup = () => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onAborted);
      req.off('close', onClose);
    };
    const onClose = () => {
      if (!req.readableEnded) onAborted();
    };
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onAborted);
    req.on('close', onClose);
  });
}

function tooLarge(limitBytes: number): PayloadTooLargeError {
  return new PayloadTooLargeError('Request body too large', { limit_bytes: limitBytes });
}
