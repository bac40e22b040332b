/**
 * Port: runs `work` atomically. Repositories called inside it, from any context, join the one
 * transaction; a failure anywhere rolls all of it back. `work` may run more than once (the
 * adapter retries transactions the database aborted to break a deadlock), so it must not have
 * effects outside the database.
 */
export abstract class UnitOfWork {
  abstract run<T>(work: () => Promise<T>): Promise<T>;
}
