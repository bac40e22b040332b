import type { SchemaSources } from '../../libs/common/persistence/data-source-options';
import { mysqlMigrations } from './mysql';
import { sqliteMigrations } from './sqlite';

/** The schema of both dialects, handed to the persistence layer (libs/ never imports src/). */
export const MIGRATIONS: SchemaSources['migrations'] = { mysql: mysqlMigrations, sqlite: sqliteMigrations };
