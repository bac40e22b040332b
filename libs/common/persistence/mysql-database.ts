import { createConnection } from 'mysql2/promise';
import type { SchemaSources } from './data-source-options';
import { databaseErrorCode, isAccessDenied } from './database-errors';

/** Start-up cannot go on: the database is missing and this user may not create it. The message is the one line to show. */
export class MissingDatabaseError extends Error {}

/**
 * decisions.md section 12: a MySQL database that does not exist yet is created when the user may,
 * else start-up stops with one line saying what to run. Returns whether it created it.
 */
export async function ensureMySqlDatabase(url: string): Promise<boolean> {
  const target = new URL(url);
  const database = decodeURIComponent(target.pathname.replace(/^\//, ''));
  if (!database) return false;
  // The same URL without its database, so its options (ssl, ...) still apply.
  const server = new URL(url);
  server.pathname = '/';
  const connection = await createConnection({ uri: server.toString() });
  try {
    const [rows] = await connection.query('SELECT 1 FROM information_schema.SCHEMATA WHERE SCHEMA_NAME = ?', [database]);
    if ((rows as unknown[]).length > 0) return false;
    try {
      await connection.query(`CREATE DATABASE IF NOT EXISTS ${connection.escapeId(database)} CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
      return true;
    } catch (err) {
      if (!isAccessDenied(err)) throw err;
      const host = `${target.hostname}${target.port ? `:${target.port}` : ''}`;
      throw new MissingDatabaseError(
        `MySQL database "${database}" does not exist on ${host} and user "${decodeURIComponent(target.username)}" may not create it; ` +
          `run: mysql -h ${target.hostname} -P ${target.port || 3306} -u root -p -e 'CREATE DATABASE \`${database}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci'`,
      );
    }
  } finally {
    await connection.end();
  }
}

/** Start-up cannot go on: migrations are pending and this process does not apply them. The message is the one line to show. */
export class PendingMigrationsError extends Error {}

/**
 * For a process that does not migrate (the API with MIGRATE_ON_START off, the worker), before the
 * framework starts: a database it cannot reach, or one that lacks migrations, stops start-up with
 * one line (naming the pending migrations and `remedy`, decisions.md section 13), not with the
 * stack trace of the first query on a missing table.
 */
export async function requireMigratedMySql(url: string, migrations: SchemaSources['migrations']['mysql'], remedy: string): Promise<void> {
  const connection = await createConnection({ uri: url });
  let applied: Set<string>;
  try {
    // TypeORM's record of what ran; not there before the first migration.
    const [rows] = await connection.query('SELECT name FROM migrations');
    applied = new Set((rows as { name: string }[]).map((row) => row.name));
  } catch (err) {
    if (databaseErrorCode(err) !== 'ER_NO_SUCH_TABLE') throw err;
    applied = new Set();
  } finally {
    await connection.end();
  }
  const pending = migrationNames(migrations).filter((name) => !applied.has(name));
  if (pending.length > 0) {
    const database = decodeURIComponent(new URL(url).pathname.replace(/^\//, ''));
    throw new PendingMigrationsError(`MySQL database "${database}" has ${pending.length} pending migration(s): ${pending.join(', ')}; ${remedy}`);
  }
}

/** The names TypeORM records: each migration's `name`, else its class's. */
function migrationNames(migrations: SchemaSources['migrations']['mysql']): string[] {
  return Object.values(migrations).map((migration) => {
    if (typeof migration === 'string') return migration;
    const Migration = migration as new () => { name?: string };
    return new Migration().name ?? Migration.name;
  });
}
