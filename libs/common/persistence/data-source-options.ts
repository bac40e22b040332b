import * as fs from 'node:fs';
import * as path from 'node:path';
import type { DataSourceOptions } from 'typeorm';

export type DatabaseConfig = { kind: 'sqlite'; file: string } | { kind: 'mysql'; url: string };

/** What the application hands the persistence layer: its entities and each dialect's migrations. */
export interface SchemaSources {
  entities?: DataSourceOptions['entities'];
  migrations: { mysql: NonNullable<DataSourceOptions['migrations']>; sqlite: NonNullable<DataSourceOptions['migrations']> };
}

const MYSQL_CONNECT_TIMEOUT_MS = 1500;

/**
 * The one place that knows both dialects. The schema comes only from migrations, one folder per
 * dialect (never `synchronize`).
 */
export function dataSourceOptions(db: DatabaseConfig, schema: SchemaSources): DataSourceOptions {
  const entities = schema.entities ?? [];
  if (db.kind === 'sqlite') {
    if (db.file !== ':memory:') fs.mkdirSync(path.dirname(db.file), { recursive: true });
    return {
      type: 'better-sqlite3',
      database: db.file,
      entities,
      migrations: schema.migrations.sqlite,
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
    migrations: schema.migrations.mysql,
    migrationsTransactionMode: 'each',
    synchronize: false,
    charset: 'utf8mb4_unicode_ci',
    timezone: 'Z',
    // A database that does not answer is a 503 within 2 s (decisions.md section 2), not a wait of
    // mysql2's default 10 s per connection attempt.
    connectTimeout: MYSQL_CONNECT_TIMEOUT_MS,
    extra: { connectionLimit: 10 },
  };
}
