import { DataSource, type Migration } from 'typeorm';
import { DatabaseConfig, dataSourceOptions, SchemaSources } from './data-source-options';
import { ensureMySqlDatabase } from './mysql-database';

const MIGRATION_LOCK = 'dealer-api:migrations';
const LOCK_WAIT_SECONDS = 120;

/**
 * Runs the pending migrations once, even when several processes start together: on MySQL under a
 * named lock (the others wait, then find nothing pending); SQLite has one writer anyway.
 */
export async function runPendingMigrations(dataSource: DataSource): Promise<Migration[]> {
  if (dataSource.options.type !== 'mysql') return dataSource.runMigrations({ transaction: 'each' });
  const runner = dataSource.createQueryRunner();
  try {
    await runner.connect();
    const [row] = (await runner.query('SELECT GET_LOCK(?, ?) AS got', [MIGRATION_LOCK, LOCK_WAIT_SECONDS])) as { got: number | string | null }[];
    if (Number(row?.got) !== 1) throw new Error(`another process held the migration lock for ${LOCK_WAIT_SECONDS} s`);
    try {
      return await dataSource.runMigrations({ transaction: 'each' });
    } finally {
      await runner.query('SELECT RELEASE_LOCK(?)', [MIGRATION_LOCK]);
    }
  } finally {
    await runner.release();
  }
}

/** A deploy step of its own (`npm run migrate`, or the API at start): a short-lived connection that applies what is pending. */
export async function migrateDatabase(database: DatabaseConfig, schema: SchemaSources): Promise<string[]> {
  if (database.kind === 'mysql') await ensureMySqlDatabase(database.url);
  const dataSource = await new DataSource(dataSourceOptions(database, schema)).initialize();
  try {
    return (await runPendingMigrations(dataSource)).map((m) => m.name);
  } finally {
    await dataSource.destroy();
  }
}
