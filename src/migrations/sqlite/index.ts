import { Foundation1763800000000 } from './1763800000000-foundation';
import { Conversations1763840000000 } from './1763840000000-conversations';
import { Engagement1763840100000 } from './1763840100000-engagement';

/** Every SQLite migration, in order. Add new ones at the end (and their MySQL twin). */
export const sqliteMigrations = [Foundation1763800000000, Conversations1763840000000, Engagement1763840100000];
