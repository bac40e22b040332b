import { createConnection } from 'mysql2/promise';
import { isAccessDenied } from './database-errors';

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

/** Connects once and lets go: so a process that cannot reach its database says why in one line, before the framework starts. */
export async function checkMySqlConnection(url: string): Promise<void> {
  const connection = await createConnection({ uri: url });
  await connection.end();
}
