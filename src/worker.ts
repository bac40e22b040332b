import 'reflect-metadata';
// Before anything else is required: the traces' instrumentations patch modules as they load.
import './tracing';
import { requireMigratedMySql } from '../libs/common/persistence/mysql-database';
import { limitShutdown, STOP_SIGNALS } from '../libs/common/lifecycle/shutdown-deadline';
import { LogOutput } from '../libs/common/logging/logging.module';
import { AppLogger } from '../libs/common/logging/app-logger';
import { NestFactory } from '@nestjs/core';
import type { AddressInfo } from 'node:net';
import { listenForMetrics, operatorThrottle } from '../libs/common/metrics/operator-routes';
import type { PrometheusMetrics } from '../libs/common/metrics/prometheus-metrics';
import { ServiceMetrics } from '../libs/common/metrics/service-metrics';
import { loadConfig } from './config/app-config';
import { MIGRATIONS } from './migrations';
import { describeStartupError } from './startup-error';
import { WorkerModule } from './worker.module';

/** Queue processors and schedules only, no HTTP: `npm run start:worker`. It never migrates (decisions.md section 12). */
async function bootstrap(): Promise<void> {
  const config = loadConfig(process.env);
  if (config.database.kind === 'mysql') await requireMigratedMySql(config.database.url, MIGRATIONS.mysql, 'run `npm run migrate` first (the worker never migrates)');
  // Each process serves its own metrics (decisions.md section 13); the worker has no API server to
  // serve them on. Bound before any processor starts, so a port in use stops the start, not a job.
  const metricsServer = config.ops ? await listenForMetrics(config.ops, operatorThrottle(config), config.metricsPort, config.host) : null;
  const app = await NestFactory.createApplicationContext(WorkerModule.forRoot(config), { bufferLogs: true, abortOnError: false });
  app.useLogger(app.get(AppLogger));
  app.enableShutdownHooks([...STOP_SIGNALS]);
  limitShutdown(config.shutdownTimeoutS, 'Dealership API worker');
  let metricsAt = '';
  if (metricsServer) {
    metricsServer.serve(app.get(ServiceMetrics) as PrometheusMetrics);
    for (const signal of STOP_SIGNALS) process.once(signal, () => metricsServer.server.close());
    const { address, port } = metricsServer.server.address() as AddressInfo;
    metricsAt = `, metrics: http://${address.includes(':') ? `[${address}]` : address}:${port}/metrics`;
  }
  app.get(LogOutput).write(`Dealership API worker running (queue: ${config.redisUrl ? 'redis' : 'in-process'}${metricsAt})\n`);
}

bootstrap().catch((err: unknown) => {
  process.stderr.write(`${describeStartupError(err)}\n`);
  process.exit(1);
});
