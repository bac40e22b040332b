import { DynamicModule, INestApplication, Module, Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { ExpressAdapter, NestExpressApplication } from '@nestjs/platform-express';
import { DocumentBuilder, OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import * as http from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { STOP_SIGNALS } from '../libs/common/lifecycle/shutdown-deadline';
import { signatureScheme } from '../libs/common/auth/hmac-signature.guard';
import { applyApiConventions } from '../libs/common/http/openapi-conventions';
import type { Request } from 'express';
import { AppLogger } from '../libs/common/logging/app-logger';
import { answerClientErrorsInErrorShape, slowSenderLimits } from '../libs/common/http/client-errors';
import { refuseOversizedJsonShapes } from '../libs/common/http/json-shape';
import { translateBodyParserErrors } from '../libs/common/http/body-parser-errors';
import { readsOwnBody } from '../libs/common/http/raw-body';
import { securityHeaders } from '../libs/common/http/security-headers';
import { HttpRequestLogger, requestIdMiddleware } from '../libs/common/logging/logging.module';
import { metricsEndpoint, OperatorCredentials, OperatorThrottle, operatorOnly, operatorThrottle, recordSocketAnswers, requestMetrics, routeTemplate } from '../libs/common/metrics/operator-routes';
import type { PrometheusMetrics } from '../libs/common/metrics/prometheus-metrics';
import { ServiceMetrics } from '../libs/common/metrics/service-metrics';
import { JobQueue } from '../libs/common/queue/job-queue';
import { OPERATOR_BOARD_PATH, queueBoard } from '../libs/common/queue/queue-board';
import { ApiModule } from './api.module';
import { AppConfig } from './config/app-config';
import { WorkerModule } from './worker.module';

@Module({})
class ApiProcessModule {}

/**
 * What `npm start` runs: the API root, and the worker root beside it unless RUN_WORKERS=false (then
 * `npm run start:worker` processes the queues; the embedded default's in-process queue always
 * needs them here). `extraModules`: test-only probes of the cross-cutting pipeline.
 */
export function apiProcessModule(config: AppConfig, extraModules: Type[] = []): DynamicModule {
  return {
    module: ApiProcessModule,
    imports: [ApiModule.forRoot(config), ...(config.runWorkers ? [WorkerModule.forRoot(config)] : []), ...extraModules],
  };
}

/**
 * Express on an http.Server made with the slow-sender limits of decisions.md section 1 (408 in the
 * error shape, client-errors.ts), which Node takes only when the server is made, and ExpressAdapter
 * makes it itself; the API serves plain HTTP (TLS ends at the proxy), so the adapter's https and
 * forceCloseConnections options are not carried over.
 */
class SlowSenderTimeoutsAdapter extends ExpressAdapter {
  constructor(private readonly requestTimeoutMs: number) {
    super();
  }

  override initHttpServer(): void {
    this.httpServer = http.createServer(slowSenderLimits(this.requestTimeoutMs), this.getInstance());
  }
}

/** Builds the HTTP app exactly as production runs it; tests and benchmarks use the same function. */
export async function createHttpApp(config: AppConfig, extraModules: Type[] = []): Promise<NestExpressApplication> {
  const app = await NestFactory.create<NestExpressApplication>(apiProcessModule(config, extraModules), new SlowSenderTimeoutsAdapter(config.requestTimeoutMs), { rawBody: true, bodyParser: false, bufferLogs: true, abortOnError: false });
  configureHttpApp(app, config);
  return app;
}

/**
 * The operator's routes (decisions.md section 13), ahead of the body parser and every Nest route:
 * every request is timed from here, `/metrics` and the queue board answer only the operator's
 * credentials. Without OPS_USERNAME/OPS_PASSWORD they do not exist (404 like any unknown route).
 */
function mountOperatorRoutes(app: NestExpressApplication, ops: OperatorCredentials, throttle: OperatorThrottle): void {
  const metrics = app.get(ServiceMetrics) as PrometheusMetrics;
  const operator = operatorOnly(ops, metrics, throttle);
  app.use(requestMetrics(metrics));
  app.use('/metrics', routeTemplate('/metrics'), operator, metricsEndpoint(metrics));
  app.use(OPERATOR_BOARD_PATH, routeTemplate(`${OPERATOR_BOARD_PATH}/*`), operator, queueBoard(app.get(JobQueue), OPERATOR_BOARD_PATH));
}

/** Swagger UI; the OpenAPI document is `/docs/openapi.json`. */
const DOCS_PATH = 'docs';

/** Headers a browser page of another allowed origin may read from an answer. */
const CORS_EXPOSED_HEADERS = ['X-Request-Id', 'RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset', 'Retry-After'];

/**
 * The Express pipeline before Nest's routes, in order: request id, request log, security headers,
 * CORS (only with CORS_ORIGINS), the JSON body parser; so even an answer the parser refuses is
 * logged and carries them all.
 */
export function configureHttpApp(app: NestExpressApplication, config: AppConfig): void {
  app.useLogger(app.get(AppLogger));
  app.disable('x-powered-by');
  // The client address (failure throttling, audit, logs) comes from X-Forwarded-For only through the proxies named here.
  app.set('trust proxy', config.trustProxy);
  answerClientErrorsInErrorShape(app.getHttpServer(), config.ops ? recordSocketAnswers(app.get(ServiceMetrics)) : undefined);
  app.use(requestIdMiddleware);
  const requestLogger = app.get(HttpRequestLogger);
  app.use((req: IncomingMessage, res: ServerResponse, next: () => void) => requestLogger.handle(req, res, next));
  app.use(securityHeaders(`/${DOCS_PATH}`, OPERATOR_BOARD_PATH));
  if (config.ops) mountOperatorRoutes(app, config.ops, operatorThrottle(config));
  if (config.corsOrigins.length > 0) {
    app.enableCors({ origin: config.corsOrigins, exposedHeaders: CORS_EXPOSED_HEADERS, maxAge: 600 });
  }
  app.useBodyParser('json', { limit: config.limits.bodyBytes, type: parsesAsJson });
  app.use(refuseOversizedJsonShapes);
  app.use(translateBodyParserErrors);
  app.enableShutdownHooks([...STOP_SIGNALS]);
  setUpOpenApi(app);
}

const JSON_TYPES = ['application/json', 'application/*+json'];

/** JSON bodies are parsed up front, except on routes that read their raw body after authentication (webhooks). */
function parsesAsJson(req: IncomingMessage): boolean {
  return !readsOwnBody(req) && Boolean((req as Request).is(JSON_TYPES));
}

/** One tag per context, in the order of the README's guides. */
const API_TAGS: [string, string][] = [
  ['dealership', "The caller's dealership: profile and configuration"],
  ['inventory', 'Used cars from a CSV feed, new cars from JSON'],
  ['search', 'Natural-language search over new and used cars, and the structured filter behind it'],
  ['catalog', 'Manufacturers, models and trims'],
  ['conversations', "Customers' conversations (sms, email, webchat)"],
  ['chats', 'The same conversations as chats (debug messages left out)'],
  ['assistant', 'The AI assistant: threads, asynchronous runs, their events, predefined tasks'],
  ['engagement', 'Messages queued to customers for delivery'],
  ['messaging', "The messaging engine's inbound side: customers' replies"],
  ['partner webhooks', "Signed webhooks from the credit-application partner"],
  ['health', 'Liveness and readiness, without credentials'],
];

/** The document's frame: servers, security schemes and tags; the routes' decorators fill in the rest. */
export function openApiConfig() {
  const builder = new DocumentBuilder()
    .setTitle('Dealership API')
    .setDescription('Inventory, natural-language search, catalog, conversations, the assistant, engagement and partner webhooks for car dealerships. '
      + 'Every endpoint under `/api/v1` needs HTTP Basic credentials (username: the key id, password: the secret).')
    .setVersion('1')
    .setLicense('Proprietary', 'https://github.com/dealer-api/dealer-api/blob/main/LICENSE')
    .addServer('/', 'The server that serves this document')
    .addBasicAuth({ type: 'http', scheme: 'basic', description: 'A dealer or partner credential: key id and secret' }, 'basic');
  for (const [integration, header] of [['partner', 'X-Partner-Signature'], ['messaging', 'X-Messaging-Signature']]) {
    builder.addApiKey({
      type: 'apiKey', in: 'header', name: header,
      description: 'Hex (either case, optionally prefixed `sha256=`) HMAC-SHA256 of the exact request body bytes under the shared signing secret',
    }, signatureScheme(integration));
  }
  for (const [name, description] of API_TAGS) builder.addTag(name, description);
  return builder.build();
}

/** The OpenAPI document the app serves at /docs/openapi.json (and `npm run openapi` commits to libs/client). */
export function createOpenApiDocument(app: INestApplication): OpenAPIObject {
  return applyApiConventions(SwaggerModule.createDocument(app, openApiConfig()));
}

function setUpOpenApi(app: INestApplication): void {
  SwaggerModule.setup(DOCS_PATH, app, createOpenApiDocument(app), { jsonDocumentUrl: `${DOCS_PATH}/openapi.json`, yamlDocumentUrl: `${DOCS_PATH}/openapi.yaml` });
}
