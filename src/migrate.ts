import { migrateDatabase } from '../libs/common/persistence/migrations';
import { AppConfig } from './config/app-config';
import { MIGRATIONS } from './migrations';

/** Applies the pending migrations of the configured database (under a lock on MySQL); returns their names. */
export function migrate(config: AppConfig): Promise<string[]> {
  return migrateDatabase(config.database, { migrations: MIGRATIONS });
}
