import { randomUUID } from 'node:crypto';
import { STATUS_CODES, type IncomingMessage, type Server, type ServerOptions, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';

/** What Node's parser refuses before any route runs, by its error code (decisions.md section 1). */
const REFUSALS: Record<string, [number, string]> = {
  HPE_HEADER_OVERFLOW: [431, 'Request headers too large'],
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'Request timeout: the request was not received in time'],
};

/** Headers must have arrived this long after a request's first byte (decisions.md section 1). */
const HEADERS_TIMEOUT_MS = 10_000;
/** An idle keep-alive connection is closed after this long. */
const KEEP_ALIVE_TIMEOUT_MS = 5_000;
/** How often Node looks for requests past those limits (its default, 30 s, would answer a stall that much late). */
const TIMEOUT_CHECK_INTERVAL_MS = 1_000;

/**
 * The options of an http.Server with the slow-sender limits of decisions.md section 1: a request
 * not all there after `requestTimeoutMs` (its headers after 10 s) is refused, answered 408 by
 * `answerClientErrorsInErrorShape`. Node takes `connectionsCheckingInterval` only when the server is made.
 */
export function slowSenderLimits(requestTimeoutMs: number): ServerOptions {
  return {
    requestTimeout: requestTimeoutMs,
    // Node refuses a headers limit above the whole request's.
    headersTimeout: Math.min(HEADERS_TIMEOUT_MS, requestTimeoutMs),
    keepAliveTimeout: KEEP_ALIVE_TIMEOUT_MS,
    connectionsCheckingInterval: TIMEOUT_CHECK_INTERVAL_MS,
  };
}

/**
 * Requests Node's HTTP parser refuses (headers too large, too slow, malformed) are still answered
 * in the error shape of decisions.md section 2; by default Node answers them with an empty body.
 * `answered` learns of each such answer (the request, when its headers had arrived), for the metrics.
 */
export function answerClientErrorsInErrorShape(server: Server, answered?: (request: IncomingMessage | null, status: number) => void): void {
  server.on('clientError', (err: NodeJS.ErrnoException, socket: Duplex) => {
    // As Node's own handler: a response already on its way cannot get another status line spliced in.
    const inFlight = (socket as Duplex & { _httpMessage?: ServerResponse })._httpMessage;
    if (!socket.writable || err.code === 'ECONNRESET' || inFlight?.headersSent) {
      socket.destroy();
      return;
    }
    const [status, message] = REFUSALS[err.code ?? ''] ?? [400, 'Malformed HTTP request'];
    const body = JSON.stringify({ message, details: null });
    // Every response carries X-Request-Id (decisions.md section 1): the one a route already gave the
    // request (a body too slow to arrive), else a new one (its headers were never read).
    answered?.(inFlight?.req ?? null, status);
    const given = inFlight?.getHeader('x-request-id');
    const requestId = typeof given === 'string' ? given : randomUUID();
    // Closed once the answer is flushed: a stalled peer would otherwise hold the half-closed connection,
    // and the route still reading its body (multer, the JSON parser) would wait on it.
    socket.end(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\nX-Request-Id: ${requestId}\r\n`
        + `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
      () => socket.destroy(),
    );
  });
}
