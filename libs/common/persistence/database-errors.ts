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

/** The driver's error code, whether the driver's error or TypeORM's wrapper of it was thrown. */
export function databaseErrorCode(err: unknown): unknown {
  const e = err as { code?: unknown; driverError?: { code?: unknown } } | null;
  return e?.code ?? e?.driverError?.code;
}

/** MySQL refused the user (wrong password, no rights on the database). */
const ACCESS_DENIED = new Set([
  'ER_ACCESS_DENIED_ERROR', 'ER_ACCESS_DENIED_NO_PASSWORD_ERROR', 'ER_ACCESS_DENIED_CHANGE_USER_ERROR', 'ER_DBACCESS_DENIED_ERROR', 'ER_SPECIFIC_ACCESS_DENIED_ERROR',
]);

export function isAccessDenied(err: unknown): boolean {
  return ACCESS_DENIED.has(String(databaseErrorCode(err)));
}

/** The configured MySQL database does not exist (yet). */
export function isMissingDatabase(err: unknown): boolean {
  return databaseErrorCode(err) === 'ER_BAD_DB_ERROR';
}

/** A unique or primary key violation, on either dialect. */
export function isDuplicateKey(err: unknown): boolean {
  const code = databaseErrorCode(err);
  return code === 'ER_DUP_ENTRY' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || code === 'SQLITE_CONSTRAINT_UNIQUE';
}

/** MySQL gave up on the transaction to break a deadlock or a lock wait; running it again is the cure. */
export function isTransientTransactionError(err: unknown): boolean {
  const code = databaseErrorCode(err);
  return code === 'ER_LOCK_DEADLOCK' || code === 'ER_LOCK_WAIT_TIMEOUT';
}
