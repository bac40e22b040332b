import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import express, { type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import { WWW_AUTHENTICATE } from '../http/error-body';
import { PrometheusMetrics } from './prometheus-metrics';
import type { ServiceMetrics } from './service-metrics';

/** Operator access (decisions.md section 13): its own Basic credentials, never a dealership's. */
export interface OperatorCredentials {
  username: string;
  password: string;
}

/** Requests that reached no route, or were answered before one (the body parser, a guard of the socket). */
const UNMATCHED_ROUTE = 'unmatched';

type Timed = Request & { metricsRoute?: string };

/**
 * Times every request and records it when its answer is sent, labelled with the route's template
 * (Express's matched route, never the raw path, so an id or VIN never becomes a label) and its
 * status class. Mounted first, so answers the body parser or the guards give are counted too.
 */
export function requestMetrics(metrics: ServiceMetrics): RequestHandler {
  return (req: Timed, res: Response, next: NextFunction) => {
    const started = performance.now();
    res.once('finish', () => {
      const route = req.metricsRoute ?? (req.route ? `${req.baseUrl}${String((req.route as { path: unknown }).path)}` : UNMATCHED_ROUTE);
      metrics.httpRequest(req.method, route, res.statusCode, (performance.now() - started) / 1000);
    });
    next();
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

/**
 * Lets through only the operator's Basic credentials (compared in constant time); anything else,
 * a dealership's credential included, is 401 with the Basic challenge, counted as an auth failure.
 */
export function operatorOnly(credentials: OperatorCredentials, metrics: ServiceMetrics): RequestHandler {
  const expected = digest(`${credentials.username}:${credentials.password}`);
  return (req: Request, res: Response, next: NextFunction) => {
    const header = req.headers.authorization ?? '';
    const match = /^Basic ([A-Za-z0-9+/]+=*)$/i.exec(header.trim());
    const given = match ? Buffer.from(match[1], 'base64').toString('utf8') : null;
    if (given !== null && timingSafeEqual(digest(given), expected)) {
      next();
      return;
    }
    metrics.authFailure(header ? 'ops.invalid_credentials' : 'ops.credentials_missing');
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

/**
 * A process without the API's HTTP server (the worker) serves its own `/metrics` here, for the
 * operator only; resolves once listening, with the server to close on shutdown.
 */
export async function serveMetrics(metrics: PrometheusMetrics, credentials: OperatorCredentials, port: number, host: string): Promise<Server> {
  const app = express();
  app.disable('x-powered-by');
  app.use('/metrics', operatorOnly(credentials, metrics), metricsEndpoint(metrics));
  app.use((_req: Request, res: Response) => {
    res.status(404).json({ message: 'This process serves only GET /metrics', details: null });
  });
  const server = createServer(app);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  return server;
}
