import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { Logger } from 'nestjs-pino';
import { AppModule } from './app.module';
import { AppConfig, ConfigError, loadConfig } from './config/app-config';

/** Queue processors only, no HTTP: `npm run start:worker`. */
async function bootstrap(): Promise<void> {
  const config = new AppConfig({ ...loadConfig(process.env), runWorkers: true });
  const app = await NestFactory.createApplicationContext(AppModule.forRoot(config), { bufferLogs: true });
  app.useLogger(app.get(Logger));
  app.enableShutdownHooks();
  process.stdout.write(`Dealership API worker running (queue: ${config.redisUrl ? 'redis' : 'in-process'})\n`);
}

bootstrap().catch((err: unknown) => {
  process.stderr.write(`${err instanceof ConfigError ? err.message : err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});
