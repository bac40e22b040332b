import * as fs from 'node:fs';
import * as path from 'node:path';
import type { DataSourceOptions } from 'typeorm';
import { mysqlMigrations } from '../../../src/migrations/mysql';
import { sqliteMigrations } from '../../../src/migrations/sqlite';

export type DatabaseConfig = { kind: 'sqlite'; file: string } | { kind: 'mysql'; url: string };

/**
 * The one place that knows both dialects. Entities come from the modules (autoLoadEntities);
 * the schema comes only from migrations, one folder per dialect, run at start.
 */
export function dataSourceOptions(db: DatabaseConfig, entities: DataSourceOptions['entities'] = []): DataSourceOptions {
  if (db.kind === 'sqlite') {
    if (db.file !== ':memory:') fs.mkdirSync(path.dirname(db.file), { recursive: true });
    return {
      type: 'better-sqlite3',
      database: db.file,
      entities,
      migrations: sqliteMigrations,
      migrationsTransactionMode: 'each',
      synchronize: false,
      // WAL lets readers run beside the single writer; busy_timeout waits instead of failing on a lock.
      prepareDatabase: (conn: { pragma: (sql: string) => unknown }) => {
        conn.pragma('journal_mode = WAL');
        conn.pragma('busy_timeout = 5000');
        conn.pragma('foreign_keys = ON');
        conn.pragma('synchronous = NORMAL');
      },
    } as DataSourceOptions;
  }
  return {
    type: 'mysql',
    url: db.url,
    entities,
    migrations: mysqlMigrations,
    migrationsTransactionMode: 'each',
    synchronize: false,
    charset: 'utf8mb4_unicode_ci',
    timezone: 'Z',
    extra: { connectionLimit: 10 },
  };
}
