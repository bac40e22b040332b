import { Foundation1763800000000 } from './1763800000000-foundation';

/** Every MySQL migration, in order. Add new ones at the end (and their SQLite twin). */
export const mysqlMigrations = [Foundation1763800000000];
