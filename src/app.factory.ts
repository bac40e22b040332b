import { DynamicModule, INestApplication, Module, Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { NestExpressApplication } from '@nestjs/platform-express';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { Logger } from 'nestjs-pino';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Request } from 'express';
import { translateBodyParserErrors } from '../libs/common/http/body-parser-errors';
import { readsOwnBody } from '../libs/common/http/raw-body';
import { securityHeaders } from '../libs/common/http/security-headers';
import { HttpRequestLogger, requestIdMiddleware } from '../libs/common/logging/logging.module';
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

/** Builds the HTTP app exactly as production runs it; tests and benchmarks use the same function. */
export async function createHttpApp(config: AppConfig, extraModules: Type[] = []): Promise<NestExpressApplication> {
  const app = await NestFactory.create<NestExpressApplication>(apiProcessModule(config, extraModules), { rawBody: true, bodyParser: false, bufferLogs: true });
  configureHttpApp(app, config);
  return app;
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
  app.useLogger(app.get(Logger));
  app.disable('x-powered-by');
  app.use(requestIdMiddleware);
  const requestLogger = app.get(HttpRequestLogger);
  app.use((req: IncomingMessage, res: ServerResponse, next: () => void) => requestLogger.handle(req, res, next));
  app.use(securityHeaders(`/${DOCS_PATH}`));
  if (config.corsOrigins.length > 0) {
    app.enableCors({ origin: config.corsOrigins, exposedHeaders: CORS_EXPOSED_HEADERS, maxAge: 600 });
  }
  app.useBodyParser('json', { limit: config.limits.bodyBytes, type: parsesAsJson });
  app.use(translateBodyParserErrors);
  app.enableShutdownHooks();
  setUpOpenApi(app);
}

const JSON_TYPES = ['application/json', 'application/*+json'];

/** JSON bodies are parsed up front, except on routes that read their raw body after authentication (webhooks). */
function parsesAsJson(req: IncomingMessage): boolean {
  return !readsOwnBody(req) && Boolean((req as Request).is(JSON_TYPES));
}

export function openApiConfig() {
  return new DocumentBuilder()
    .setTitle('Dealership API')
    .setDescription('Inventory, natural-language search, catalog, conversations, engagement and partner webhooks for car dealerships.')
    .setVersion('1')
    .addBasicAuth()
    .build();
}

function setUpOpenApi(app: INestApplication): void {
  const document = SwaggerModule.createDocument(app, openApiConfig());
  SwaggerModule.setup(DOCS_PATH, app, document, { jsonDocumentUrl: `${DOCS_PATH}/openapi.json`, yamlDocumentUrl: `${DOCS_PATH}/openapi.yaml` });
}
