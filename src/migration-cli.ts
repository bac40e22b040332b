import 'reflect-metadata';
import dataSource from './data-source';
import { runPendingMigrations } from '../libs/common/persistence/migrations';
import { ensureMySqlDatabase } from '../libs/common/persistence/mysql-database';
import { loadConfig } from './config/app-config';
import { describeStartupError } from './startup-error';

/** `npm run migrate` (alias `migration:run`) / `npm run migration:revert`: the migrations of the configured dialect. */
async function main(): Promise<void> {
  const command = process.argv[2];
  const { database } = loadConfig(process.env);
  if (command === 'run' && database.kind === 'mysql') await ensureMySqlDatabase(database.url);
  await dataSource.initialize();
  try {
    if (command === 'run') {
      const done = await runPendingMigrations(dataSource);
      process.stdout.write(JSON.stringify({ applied: done.map((m) => m.name) }) + '\n');
    } else if (command === 'revert') {
      await dataSource.undoLastMigration({ transaction: 'each' });
      process.stdout.write(JSON.stringify({ reverted: true }) + '\n');
    } else {
      throw new Error(`unknown command ${command ?? '(none)'}; use run or revert`);
    }
  } finally {
    await dataSource.destroy();
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`${describeStartupError(err)}\n`);
  process.exit(1);
});
