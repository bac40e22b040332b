import 'reflect-metadata';
import { createHttpApp } from './app.factory';
import { ConfigError, loadConfig } from './config/app-config';
import { DemoSetup } from './demo/demo-setup';
import { migrate } from './migrate';
import { LoadSeedCatalogUseCase, SeedCatalogOutcome } from './modules/catalog';

async function bootstrap(): Promise<void> {
  const config = loadConfig(process.env);
  // A deploy step (`npm run migrate`); the API does it first on the embedded default or with MIGRATE_ON_START.
  if (config.migrateOnStart) await migrate(config);
  const app = await createHttpApp(config);
  await app.init();
  // Before listening, so the first request already sees the catalog (a few seconds, first start only).
  const catalog: SeedCatalogOutcome = config.catalogSeed ? await app.get(LoadSeedCatalogUseCase).execute() : { loaded: false };
  await app.listen(config.port, config.host);
  const base = `http://${config.host === '0.0.0.0' ? '127.0.0.1' : config.host}:${config.port}`;
  const lines = [`Dealership API listening on ${base} (database: ${config.database.kind}, queue: ${config.redisUrl ? 'redis' : 'in-process'})`, `API docs: ${base}/docs`];
  if (catalog.loaded) {
    lines.push(`Loaded the seed catalog: ${catalog.manufacturers.inserted} manufacturers, ${catalog.models.inserted} model rows, ${catalog.trims.inserted} trims (${catalog.duration_ms} ms).`);
  }
  if (config.demoSeed) {
    const demo = await app.get(DemoSetup).ensureDemo();
    lines.push(
      demo.created ? 'Created the demo dealership on first start.' : 'Demo dealership ready.',
      `Try it:  curl -u '${demo.username}:${demo.password}' ${base}/api/v1/dealership`,
    );
  }
  process.stdout.write(lines.join('\n') + '\n');
}

bootstrap().catch((err: unknown) => {
  process.stderr.write(`${err instanceof ConfigError ? err.message : err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});
