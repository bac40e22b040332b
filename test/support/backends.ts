/**
 * The e2e suites run on every configured backend: the embedded default (SQLite + in-process queue)
 * always, and MySQL + Redis (Bull) when TEST_MYSQL_URL / TEST_REDIS_URL are set (always in CI).
 */
export interface Backend {
  name: string;
  mysqlUrl: string | null;
  redisUrl: string | null;
}

const SQLITE: Backend = { name: 'sqlite+in-process', mysqlUrl: null, redisUrl: null };

export function configuredBackends(): Backend[] {
  const mysqlUrl = process.env.TEST_MYSQL_URL || null;
  const redisUrl = process.env.TEST_REDIS_URL || null;
  const backends = [SQLITE];
  if (mysqlUrl || redisUrl) {
    backends.push({ name: `${mysqlUrl ? 'mysql' : 'sqlite'}+${redisUrl ? 'bull' : 'in-process'}`, mysqlUrl, redisUrl });
  }
  return backends;
}

/** `describe` once per backend; `fn` gets the backend to start its app on. */
export function describeEachBackend(name: string, fn: (backend: Backend) => void): void {
  for (const backend of configuredBackends()) {
    describe(`${name} [${backend.name}]`, () => fn(backend));
  }
}
