import 'reflect-metadata';
import { AppLogger } from '../libs/common/logging/app-logger';
import { NestFactory } from '@nestjs/core';
import { loadConfig } from './config/app-config';
import { describeStartupError } from './startup-error';
import { WorkerModule } from './worker.module';

/** Queue processors and schedules only, no HTTP: `npm run start:worker`. It never migrates (decisions.md section 12). */
async function bootstrap(): Promise<void> {
  const config = loadConfig(process.env);
  const app = await NestFactory.createApplicationContext(WorkerModule.forRoot(config), { bufferLogs: true });
  app.useLogger(app.get(AppLogger));
  app.enableShutdownHooks();
  process.stdout.write(`Dealership API worker running (queue: ${config.redisUrl ? 'redis' : 'in-process'})\n`);
}

bootstrap().catch((err: unknown) => {
  process.stderr.write(`${describeStartupError(err)}\n`);
  process.exit(1);
});
