import * as path from 'node:path';
import { AppConfig, loadConfig } from './config/app-config';

/**
 * OpenTelemetry traces, when OTEL_EXPORTER_OTLP_ENDPOINT is set (decisions.md section 13). The API
 * (main.ts) and the worker (worker.ts) import this first: the instrumentations patch http,
 * express, mysql2 and ioredis as they are required, so they must be in place before anything
 * requires those.
 */
function startTracing(): void {
  let config: AppConfig;
  try {
    config = loadConfig(process.env);
  } catch {
    // The entry point loads it again and says what is wrong.
    return;
  }
  if (!config.tracing) return;
  // Required only here, not imported: off, no OpenTelemetry module is ever loaded.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { startOpenTelemetry }: typeof import('../libs/common/tracing/open-telemetry') = require('../libs/common/tracing/open-telemetry');
  const worker = path.basename(require.main?.filename ?? '', '.js') === 'worker';
  startOpenTelemetry({ endpoint: config.tracing.endpoint, serviceName: config.tracing.serviceName ?? (worker ? 'dealer-api-worker' : 'dealer-api') });
}

startTracing();
