import { Foundation1763800000000 } from './1763800000000-foundation';
import { Catalog1763820000000 } from './1763820000000-catalog';

/** Every SQLite migration, in order. Add new ones at the end (and their MySQL twin). */
export const sqliteMigrations = [Foundation1763800000000, Catalog1763820000000];
