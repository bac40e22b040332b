export interface UnitOfWorkOptions {
  /**
   * Also run `work` again when it lost a race on a unique key (a row another transaction inserted
   * first), for work that reads what it needs inside and so decides anew.
   */
  retryOnConflict?: boolean;
}

/**
 * Port: runs `work` atomically. Repositories called inside it, from any context, join the one
 * transaction; a failure anywhere rolls all of it back. Every write goes through it, also a single
 * statement: it is what keeps one request's write out of another's transaction. `work` may run
 * more than once (the adapter retries transactions the database aborted to break a deadlock), so
 * it must not have effects outside the database. Nested calls join the outer unit of work.
 */
export abstract class UnitOfWork {
  abstract run<T>(work: () => Promise<T>, options?: UnitOfWorkOptions): Promise<T>;
}
