import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { createConnection } from 'mysql2/promise';
import { Backend } from './backends';
import { deleteRedisKeys } from './redis-keys';

export interface ScratchStore {
  /** Names the MySQL database and prefixes the Redis keys. */
  tag: string;
  dataDir: string;
  /** DATA_DIR and QUEUE_PREFIX, plus DATABASE_URL and REDIS_URL on those backends. */
  env: Record<string, string>;
  /** Drops the database, deletes the keys and the data folder. */
  drop: () => Promise<void>;
}

/** The server of a MySQL URL without its database, which need not exist. */
function serverUrl(mysqlUrl: string): string {
  const url = new URL(mysqlUrl);
  url.pathname = '/';
  return url.toString();
}

/**
 * A store of a test's own on `backend`: a new data folder (SQLite), a new MySQL database and a new
 * Redis key prefix, so that suites and deployments never see each other's data.
 */
export async function scratchStore(backend: Backend, prefix: string): Promise<ScratchStore> {
  const tag = `${prefix}${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `dealer-${prefix.replace(/_$/, '')}-`));
  const env: Record<string, string> = { DATA_DIR: dataDir, QUEUE_PREFIX: tag };
  if (backend.redisUrl) env.REDIS_URL = backend.redisUrl;
  if (backend.mysqlUrl) {
    const conn = await createConnection({ uri: serverUrl(backend.mysqlUrl) });
    await conn.query(`CREATE DATABASE \`${tag}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
    await conn.end();
    const url = new URL(backend.mysqlUrl);
    url.pathname = `/${tag}`;
    env.DATABASE_URL = url.toString();
  }
  return {
    tag,
    dataDir,
    env,
    drop: async () => {
      if (backend.mysqlUrl) {
        const conn = await createConnection({ uri: serverUrl(backend.mysqlUrl) });
        await conn.query(`DROP DATABASE IF EXISTS \`${tag}\``);
        await conn.end();
      }
      if (backend.redisUrl) await deleteRedisKeys(backend.redisUrl, `${tag}:*`);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
