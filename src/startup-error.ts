import { databaseErrorCode, isAccessDenied, isMissingDatabase } from '../libs/common/persistence/database-errors';
import { MissingDatabaseError, PendingMigrationsError } from '../libs/common/persistence/mysql-database';
import { ConfigError } from './config/app-config';

/**
 * What an entry point prints when it cannot start: one line for what the operator must fix
 * (configuration, a missing database), the stack only for the unexpected.
 */
export function describeStartupError(err: unknown): string {
  if (err instanceof ConfigError || err instanceof MissingDatabaseError || err instanceof PendingMigrationsError) return err.message;
  if (isMissingDatabase(err)) {
    return `${(err as Error).message}: run \`npm run migrate\` first (it creates the database when the user may, then its tables)`;
  }
  if (isAccessDenied(err)) return `${(err as Error).message}: check the user and password in DATABASE_URL`;
  if (databaseErrorCode(err) === 'ECONNREFUSED') return `${(err as Error).message}: is the database (DATABASE_URL) or Redis (REDIS_URL) running?`;
  return err instanceof Error ? (err.stack ?? err.message) : String(err);
}
