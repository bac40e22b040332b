import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { DynamicModule, Module } from '@nestjs/common';
import { LoggerModule } from 'nestjs-pino';
import pino from 'pino';
import { pinoHttp } from 'pino-http';
import { AppLogger } from './app-logger';

const REQUEST_ID = /^[\w.:-]{1,128}$/;

type WithId = IncomingMessage & { id?: string };

/** The caller's X-Request-Id when it is sane, else a new one; echoed on every response. */
function requestIdFor(req: IncomingMessage, res: ServerResponse): string {
  const r = req as WithId;
  if (r.id) return r.id;
  const given = req.headers['x-request-id'];
  r.id = typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
  res.setHeader('X-Request-Id', r.id);
  return r.id;
}

/** First middleware of the app, so even a body the parser refuses gets its request id. */
export function requestIdMiddleware(req: IncomingMessage, res: ServerResponse, next: () => void): void {
  requestIdFor(req, res);
  next();
}

/**
 * Standard output as the logs write it (asynchronously, through pino's sonic-boom). Plain text meant
 * to follow the log lines, such as the start-up banner, goes through it too, so it cannot overtake them.
 */
export class LogOutput {
  readonly stream = pino.destination({ dest: 1, sync: false });

  write(text: string): void {
    this.stream.write(text);
  }
}

/**
 * The request logger (pino-http): one JSON line per answered request, carrying `request_id`. The
 * HTTP app mounts it right after `requestIdMiddleware` (`configureHttpApp`), ahead of the body
 * parser, so requests the parser refuses are logged too; nestjs-pino (`useExisting`) binds the same
 * logger to each request for everything logged while serving it.
 */
export abstract class HttpRequestLogger {
  abstract handle(req: IncomingMessage, res: ServerResponse, next: () => void): void;
}

/** Health probes: orchestrators call them every few seconds; their requests are not logged. */
const isProbe = (req: IncomingMessage): boolean => (req.url ?? '').startsWith('/health');

/** The request logger, skipped for probes (it would build a request logger for a line never written). */
function withoutProbes(handle: HttpRequestLogger['handle']): HttpRequestLogger['handle'] {
  return (req, res, next) => (isProbe(req) ? next() : handle(req, res, next));
}

/**
 * Below `info` no request line is ever written (pino-http logs responses at `info`), so pino-http
 * would serialize and redact each request's headers into a child logger for nothing: the request
 * only gets its id-bound logger, which is what nestjs-pino reads (`req.log`).
 */
function requestLoggerOnly(logger: pino.Logger): HttpRequestLogger['handle'] {
  return (req, res, next) => {
    (req as IncomingMessage & { log?: pino.Logger }).log = logger.child({ request_id: requestIdFor(req, res) });
    next();
  };
}

/** Structured JSON logs (pino) carrying the request id; credentials and signatures are redacted. */
@Module({})
export class LoggingModule {
  static forRoot(options: { level: string }): DynamicModule {
    const logOutput = new LogOutput();
    const httpLogger = pinoHttp({
      level: options.level,
      genReqId: requestIdFor,
      // `request_id` on every line of the request, bound once: the request's own line carries `req`
      // too; lines logged while serving it carry the id alone (customProps re-serialized it twice more).
      customAttributeKeys: { reqId: 'request_id' },
      quietReqLogger: true,
      redact: {
        paths: ['req.headers.authorization', 'req.headers["x-partner-signature"]', 'req.headers["x-messaging-signature"]', 'req.headers.cookie', '*.password', '*.secret'],
        censor: '[redacted]',
      },
    }, logOutput.stream);
    return {
      module: LoggingModule,
      imports: [LoggerModule.forRoot({ pinoHttp: { logger: httpLogger.logger }, useExisting: true })],
      providers: [
        AppLogger,
        { provide: LogOutput, useValue: logOutput },
        {
          provide: HttpRequestLogger,
          useValue: { handle: httpLogger.logger.isLevelEnabled('info') ? withoutProbes(httpLogger) : requestLoggerOnly(httpLogger.logger) } satisfies HttpRequestLogger,
        },
      ],
      exports: [AppLogger, LogOutput, HttpRequestLogger],
    };
  }
}
