import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { RateLimiterMemory } from 'rate-limiter-flexible';
import express, { type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import { WWW_AUTHENTICATE } from '../http/error-body';
import { answerClientErrorsInErrorShape, slowSenderLimits } from '../http/client-errors';
import type { PrometheusMetrics } from './prometheus-metrics';
import type { ServiceMetrics } from './service-metrics';

/** Operator access (decisions.md section 13): its own Basic credentials, never a dealership's. */
export interface OperatorCredentials {
  username: string;
  password: string;
}

/** Requests that reached no route, or were answered before one (the body parser, a guard of the socket). */
const UNMATCHED_ROUTE = 'unmatched';

type Timed = Request & { metricsRoute?: string; metricsStartedAt?: number };

/** The route label of a request: its template, never its raw path. */
function routeOf(req: Timed): string {
  return req.metricsRoute ?? (req.route ? `${req.baseUrl}${String((req.route as { path: unknown }).path)}` : UNMATCHED_ROUTE);
}

/**
 * Times every request and records it when its answer is sent, labelled with the route's template
 * (Express's matched route, never the raw path, so an id or VIN never becomes a label) and its
 * status class. Mounted first, so answers the body parser or the guards give are counted too.
 */
export function requestMetrics(metrics: ServiceMetrics): RequestHandler {
  return (req: Timed, res: Response, next: NextFunction) => {
    const started = performance.now();
    req.metricsStartedAt = started;
    res.once('finish', () => metrics.httpRequest(req.method, routeOf(req), res.statusCode, (performance.now() - started) / 1000));
    next();
  };
}

/**
 * Counts what the server answers on the socket itself (a 408 to a slow sender, a 431): no response
 * finishes for those. Without headers there is no method or route: `unknown`, `unmatched`.
 */
export function recordSocketAnswers(metrics: ServiceMetrics): (request: IncomingMessage | null, status: number) => void {
  return (request, status) => {
    const req = request as Timed | null;
    const seconds = req?.metricsStartedAt === undefined ? 0 : (performance.now() - req.metricsStartedAt) / 1000;
    metrics.httpRequest(req?.method ?? 'unknown', req ? routeOf(req) : UNMATCHED_ROUTE, status, seconds);
  };
}

/** Names the route template of what a mounted router (Bull Board) serves: its mount point, with a wildcard. */
export function routeTemplate(template: string): RequestHandler {
  return (req: Timed, _res: Response, next: NextFunction) => {
    req.metricsRoute = template;
    next();
  };
}

const digest = (value: string) => createHash('sha256').update(value).digest();

/** The operator's throttle: the same limit and window as dealers' failures per client address. */
export function operatorThrottle(config: { auth: { addressFailureLimit: number; failureWindowSeconds: number } }): OperatorThrottle {
  return { failures: config.auth.addressFailureLimit, windowSeconds: config.auth.failureWindowSeconds };
}

/** Failed operator logins a client address may make in a window before it is refused (429), as dealers' (decisions.md section 3). */
export interface OperatorThrottle {
  failures: number;
  windowSeconds: number;
}

/**
 * Lets through only the operator's Basic credentials (compared in constant time); anything else,
 * a dealership's credential included, is 401 with the Basic challenge, counted as an auth failure.
 * An address past its failures in the window gets 429 with Retry-After, even with the right secret
 * (guessing is not cheaper than for a dealer's credential); the operator can wait or use another address.
 */
export function operatorOnly(credentials: OperatorCredentials, metrics: ServiceMetrics, throttle: OperatorThrottle): RequestHandler {
  const expected = digest(`${credentials.username}:${credentials.password}`);
  const failures = new RateLimiterMemory({ keyPrefix: 'ops-auth-failures', points: throttle.failures, duration: throttle.windowSeconds });
  return async (req: Request, res: Response, next: NextFunction) => {
    const address = req.ip ?? req.socket.remoteAddress ?? 'unknown';
    const state = await failures.get(address);
    if (state && state.consumedPoints >= throttle.failures) {
      metrics.authFailure('ops.throttled');
      res.status(429).setHeader('Retry-After', String(Math.max(1, Math.ceil(state.msBeforeNext / 1000))));
      res.json({ message: 'Too many failed operator logins from this address; retry later', details: null });
      return;
    }
    const header = req.headers.authorization ?? '';
    const match = /^Basic ([A-Za-z0-9+/]+=*)$/i.exec(header.trim());
    const given = match ? Buffer.from(match[1], 'base64').toString('utf8') : null;
    if (given !== null && timingSafeEqual(digest(given), expected)) {
      next();
      return;
    }
    metrics.authFailure(header ? 'ops.invalid_credentials' : 'ops.credentials_missing');
    // A request without credentials is how a browser asks for the prompt: only a wrong secret counts.
    if (header) await failures.consume(address).catch(() => undefined);
    res.status(401).setHeader('WWW-Authenticate', WWW_AUTHENTICATE);
    res.json({ message: header ? 'Invalid operator credentials' : 'Operator credentials required', details: null });
  };
}

/** `GET /metrics`: this process's metrics in Prometheus' text format. */
export function metricsEndpoint(metrics: PrometheusMetrics): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      next();
      return;
    }
    metrics.scrape().then(({ contentType, body }) => {
      res.setHeader('Content-Type', contentType);
      res.setHeader('Cache-Control', 'no-store');
      // end(), not send(): Express would rewrite the exposition format's content type.
      res.end(req.method === 'HEAD' ? undefined : body);
    }, next);
  };
}

/** A scrape is a small GET: a sender slower than this is no scraper. */
const METRICS_REQUEST_TIMEOUT_MS = 10_000;

/**
 * A process without the API's HTTP server (the worker) serves its own `/metrics`, for the operator
 * only. It listens before the process starts any work (a taken port stops the start, not a job
 * half-way) and answers 503 until `serve` hands it the metrics.
 */
export async function listenForMetrics(credentials: OperatorCredentials, throttle: OperatorThrottle, port: number, host: string): Promise<{ server: Server; serve: (metrics: PrometheusMetrics) => void }> {
  let handler: RequestHandler = (_req, res) => {
    res.status(503).json({ message: 'Starting', details: null });
  };
  const app = express();
  app.disable('x-powered-by');
  app.use((req: Request, res: Response, next: NextFunction) => handler(req, res, next));
  const server = createServer(slowSenderLimits(METRICS_REQUEST_TIMEOUT_MS), app);
  answerClientErrorsInErrorShape(server);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  return {
    server,
    serve: (metrics) => {
      const router = express.Router();
      router.use('/metrics', operatorOnly(credentials, metrics, throttle), metricsEndpoint(metrics));
      router.use((_req: Request, res: Response) => {
        res.status(404).json({ message: 'This process serves only GET /metrics', details: null });
      });
      handler = router;
    },
  };
}
