import 'reflect-metadata';
import { checkMySqlConnection } from '../libs/common/persistence/mysql-database';
import { limitShutdown, STOP_SIGNALS } from '../libs/common/lifecycle/shutdown-deadline';
import { LogOutput } from '../libs/common/logging/logging.module';
import { AppLogger } from '../libs/common/logging/app-logger';
import { NestFactory } from '@nestjs/core';
import { loadConfig } from './config/app-config';
import { describeStartupError } from './startup-error';
import { WorkerModule } from './worker.module';

/** Queue processors and schedules only, no HTTP: `npm run start:worker`. It never migrates (decisions.md section 12). */
async function bootstrap(): Promise<void> {
  const config = loadConfig(process.env);
  if (config.database.kind === 'mysql') await checkMySqlConnection(config.database.url);
  const app = await NestFactory.createApplicationContext(WorkerModule.forRoot(config), { bufferLogs: true, abortOnError: false });
  app.useLogger(app.get(AppLogger));
  app.enableShutdownHooks([...STOP_SIGNALS]);
  limitShutdown(config.shutdownTimeoutS, 'Dealership API worker');
  app.get(LogOutput).write(`Dealership API worker running (queue: ${config.redisUrl ? 'redis' : 'in-process'})\n`);
}

bootstrap().catch((err: unknown) => {
  process.stderr.write(`${describeStartupError(err)}\n`);
  process.exit(1);
});
