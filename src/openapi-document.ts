import 'reflect-metadata';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { OpenAPIObject } from '@nestjs/swagger';
import { createHttpApp, createOpenApiDocument } from './app.factory';
import { loadConfig } from './config/app-config';
import { migrate } from './migrate';

/**
 * The OpenAPI document as the built app serves it at /docs/openapi.json (the Swagger CLI plugin
 * runs at build time, so only the built code has the full schemas), from a throwaway embedded app.
 */
export async function openApiDocumentOfBuiltApp(): Promise<OpenAPIObject> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'openapi-'));
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', DEMO_SEED: 'false', CATALOG_SEED: 'false' });
  await migrate(config);
  const app = await createHttpApp(config);
  try {
    await app.init();
    return createOpenApiDocument(app);
  } finally {
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
