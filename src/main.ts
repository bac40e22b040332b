import 'reflect-metadata';
// Before anything else is required: the traces' instrumentations patch modules as they load.
import './tracing';
import type { AddressInfo } from 'node:net';
import * as path from 'node:path';
import { limitShutdown } from '../libs/common/lifecycle/shutdown-deadline';
import { LogOutput } from '../libs/common/logging/logging.module';
import { requireMigratedMySql } from '../libs/common/persistence/mysql-database';
import { createHttpApp } from './app.factory';
import { AppConfig, loadConfig } from './config/app-config';
import { DemoResult, DemoSetup } from './demo/demo-setup';
import { migrate } from './migrate';
import { MIGRATIONS } from './migrations';
import { LoadSeedCatalogUseCase } from './modules/catalog';
import { describeStartupError } from './startup-error';

async function bootstrap(): Promise<void> {
  const config = loadConfig(process.env);
  // A deploy step (`npm run migrate`); the API does it first on the embedded default or with MIGRATE_ON_START.
  if (config.migrateOnStart) await migrate(config);
  else if (config.database.kind === 'mysql') await requireMigratedMySql(config.database.url, MIGRATIONS.mysql, 'run `npm run migrate` (or start the API with MIGRATE_ON_START=true)');
  const app = await createHttpApp(config);
  limitShutdown(config.shutdownTimeoutS, 'Dealership API');
  await app.init();
  // Before listening, so the first request already sees the catalog (a few seconds, first start only).
  if (config.catalogSeed) await app.get(LoadSeedCatalogUseCase).execute();
  const demo = config.demoSeed ? await app.get(DemoSetup).ensureDemo() : null;
  await app.listen(config.port, config.host);
  // Through the logs' own output, which writes asynchronously: the banner comes after every start-up log line.
  app.get(LogOutput).write(banner(config, app.getHttpServer().address() as AddressInfo, demo));
}

/** The last thing a start prints: where it listens, the docs, and how to call it. */
function banner(config: AppConfig, address: AddressInfo, demo: DemoResult | null): string {
  const everywhere = address.address === '0.0.0.0' || address.address === '::';
  const local = `http://${everywhere ? '127.0.0.1' : address.family === 'IPv6' ? `[${address.address}]` : address.address}:${address.port}`;
  const database = config.database.kind === 'sqlite' ? `SQLite ${shown(config.database.file)}` : 'MySQL';
  const lines = [
    '',
    `Dealership API ready (${database}, ${config.redisUrl ? 'Redis' : 'in-process'} queues${config.runWorkers ? '' : ', no workers in this process'})`,
    `  listening  ${everywhere ? `every interface, port ${address.port}` : `${address.address} port ${address.port}`}: ${local}`,
    `  swagger ui ${local}/docs`,
  ];
  if (demo) {
    lines.push(
      `  demo       ${demo.username} / ${demo.password}  (dealership ${demo.dealer_id}; kept in ${shown(path.join(config.dataDir, 'demo-credentials.json'))})`,
      `  try        curl -u '${demo.username}:${demo.password}' ${local}/api/v1/dealership`,
    );
  }
  return lines.join('\n') + '\n';
}

/** A path as short as it can be said: relative when under the working directory. */
function shown(file: string): string {
  const relative = path.relative(process.cwd(), file);
  return relative && !relative.startsWith('..') ? relative : file;
}

bootstrap().catch((err: unknown) => {
  process.stderr.write(`${describeStartupError(err)}\n`);
  process.exit(1);
});
