/** Driver errors that mean "the database is unreachable" rather than "this query is wrong". */
const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND', 'EPIPE',
  'PROTOCOL_CONNECTION_LOST', 'ER_CON_COUNT_ERROR', 'ER_SERVER_SHUTDOWN', 'POOL_CLOSED',
  'SQLITE_BUSY', 'SQLITE_CANTOPEN', 'SQLITE_IOERR',
]);
const UNREACHABLE_NAMES = new Set(['CannotExecuteNotConnectedError', 'ConnectionIsNotSetError', 'ConnectionNotFoundError']);

export function isDatabaseUnavailable(err: unknown): boolean {
  if (!err || typeof err !== 'object') return false;
  const e = err as { code?: unknown; name?: unknown; driverError?: unknown; message?: unknown };
  if (typeof e.code === 'string' && UNREACHABLE_CODES.has(e.code)) return true;
  if (typeof e.name === 'string' && UNREACHABLE_NAMES.has(e.name)) return true;
  if (typeof e.message === 'string' && /database connection is not open|Pool is closed|connection is in closed state|Connection is not established/i.test(e.message)) return true;
  return e.driverError ? isDatabaseUnavailable(e.driverError) : false;
}

/** A unique or primary key violation, on either dialect. */
export function isDuplicateKey(err: unknown): boolean {
  const e = err as { code?: unknown; driverError?: { code?: unknown } } | null;
  const code = e?.code ?? e?.driverError?.code;
  return code === 'ER_DUP_ENTRY' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || code === 'SQLITE_CONSTRAINT_UNIQUE';
}

/** MySQL gave up on the transaction to break a deadlock or a lock wait; running it again is the cure. */
export function isTransientTransactionError(err: unknown): boolean {
  const e = err as { code?: unknown; driverError?: { code?: unknown } } | null;
  const code = e?.code ?? e?.driverError?.code;
  return code === 'ER_LOCK_DEADLOCK' || code === 'ER_LOCK_WAIT_TIMEOUT';
}
