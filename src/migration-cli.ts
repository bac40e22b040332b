import 'reflect-metadata';
import dataSource from './data-source';
import { runPendingMigrations } from '../libs/common/persistence/migrations';

/** `npm run migrate` (alias `migration:run`) / `npm run migration:revert`: the migrations of the configured dialect. */
async function main(): Promise<void> {
  const command = process.argv[2];
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
  process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
