import { AsyncLocalStorage } from 'node:async_hooks';
import type { DataSource } from 'typeorm';

/**
 * TypeORM gives better-sqlite3 one connection for everything. A transaction opened while another
 * is open becomes a SAVEPOINT inside it, and a plain write made meanwhile joins it: the first one's
 * rollback would silently erase the others' work. On SQLite every transaction, and every write
 * that must survive another request's rollback, therefore takes its turn in one queue per data
 * source. Re-entrant: work already running in its turn is not queued again. MySQL: no queue.
 */
const tails = new WeakMap<DataSource, Promise<unknown>>();
const inTurn = new AsyncLocalStorage<DataSource>();

export function inSqliteWriteTurn<T>(dataSource: DataSource, task: () => Promise<T>): Promise<T> {
  if (dataSource.options.type !== 'better-sqlite3' || inTurn.getStore() === dataSource) return task();
  const previous = tails.get(dataSource) ?? Promise.resolve();
  const result = previous.then(() => inTurn.run(dataSource, task));
  tails.set(dataSource, result.catch(() => undefined));
  return result;
}
