import { ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import * as path from 'node:path';
import Database from 'better-sqlite3';
import { createConnection } from 'mysql2/promise';
import { Backend } from './backends';
import { listeningPort, REPORT_LISTENING_PORT } from './listening-port';
import { scratchStore } from './scratch-store';
import { basicAuth } from './test-app';
import { startWorker, stopProcess } from './worker-process';

/**
 * The built service (`npx nest build` first) run as it is deployed, in child processes: the API
 * (dist/src/main.js), the worker (dist/src/worker.js) and the CLI, each with its own environment,
 * on a database and queue prefix of the test's own.
 */
const MAIN = path.resolve(__dirname, '../../dist/src/main.js');
const CLI = path.resolve(__dirname, '../../dist/src/cli.js');

export interface Server {
  child: ChildProcess;
  url: string;
  output: () => string;
}

/** What every process of a test deployment gets unless the test says otherwise: quiet, no seeds, no rate limit in the way. */
function serviceEnv(env: Record<string, string>): Record<string, string> {
  const base: Record<string, string | undefined> = { ...process.env };
  delete base.DATABASE_URL;
  delete base.REDIS_URL;
  return {
    ...(base as Record<string, string>), LOG_LEVEL: 'warn', PORT: '0', HOST: '127.0.0.1', DEMO_SEED: 'false', CATALOG_SEED: 'false', MIGRATE_ON_START: 'true',
    RATE_LIMIT_PER_MINUTE: '1000000', ...env,
  };
}

/** Starts the built API on a port the system assigns; resolves once its start banner is out. */
function startServer(env: Record<string, string>): Promise<Server> {
  const child = spawn(process.execPath, [...REPORT_LISTENING_PORT, MAIN], { env: serviceEnv(env), stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the server was not ready in time:\n${output}`)), 30_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const port = listeningPort(output);
      if (port !== null && output.includes('Dealership API ready')) {
        clearTimeout(timer);
        resolve({ child, url: `http://127.0.0.1:${port}`, output: () => output });
      }
    });
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`the server exited (${code ?? signal}):\n${output}`));
    });
  });
}

/**
 * The service as deployed: on the embedded default one API process that also runs the workers;
 * scaled out (MySQL + Redis), two API processes that run none and two worker processes, all on
 * one database and one Redis (issue 15). Requests spread over the APIs with `api(i)`.
 */
export class Deployment {
  private constructor(
    private readonly env: Record<string, string>,
    readonly scaledOut: boolean,
    readonly apis: Server[],
    readonly workers: ChildProcess[],
  ) {}

  static async start(env: Record<string, string>, scaledOut: boolean): Promise<Deployment> {
    if (!scaledOut) return new Deployment(env, false, [await startServer(env)], []);
    // Both APIs migrate at start, side by side: the migration lock lets one do it.
    const apis = await Promise.all([0, 1].map(() => startServer({ ...env, RUN_WORKERS: 'false' })));
    const workers = await Promise.all([0, 1].map(() => startWorker(serviceEnv(env))));
    return new Deployment(env, true, apis, workers);
  }

  /** The API the i-th request goes to: alternating when there are two. */
  api(i: number): Server {
    return this.apis[i % this.apis.length];
  }

  /** A crash of the i-th machine (SIGKILL): its API, and scaled out its worker too; the others run on. */
  async crash(i: number): Promise<void> {
    await stopProcess(this.apis[i].child, 'SIGKILL');
    if (this.scaledOut) await stopProcess(this.workers[i], 'SIGKILL');
  }

  /** Starts again what `crash(i)` stopped. */
  async restart(i: number): Promise<void> {
    this.apis[i] = await startServer(this.scaledOut ? { ...this.env, RUN_WORKERS: 'false' } : this.env);
    if (this.scaledOut) this.workers[i] = await startWorker(serviceEnv(this.env));
  }

  async stop(signal: NodeJS.Signals = 'SIGKILL'): Promise<void> {
    await Promise.all([...this.apis.map((a) => a.child), ...this.workers].map((child) => stopProcess(child, signal)));
  }
}

export interface CliDealer {
  dealerId: string;
  username: string;
  /** `Authorization` header value. */
  auth: string;
}

/** A dealership and its credential, made with the CLI (`dealer create`) against the database of `env`. */
export function createDealerWithCli(env: Record<string, string>, id?: string): Promise<CliDealer> {
  const name = `Outbox Motors ${randomBytes(3).toString('hex')}`;
  const child = spawn(process.execPath, [CLI, 'dealer', 'create', '--name', name, '--region', 'CA', ...(id ? ['--id', id] : [])], {
    env: { ...process.env, LOG_LEVEL: 'warn', MIGRATE_ON_START: 'true', ...env }, stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.once('close', (code) => {
      if (code !== 0) return reject(new Error(`cli dealer create failed (${code}): ${stderr}`));
      const issued = JSON.parse(stdout.trim().split('\n').pop()!) as { dealer_id: string; username: string; password: string };
      resolve({ dealerId: issued.dealer_id, username: issued.username, auth: basicAuth(issued.username, issued.password) });
    });
  });
}


export type Store = Awaited<ReturnType<typeof freshStore>>;

/**
 * A fresh database (MySQL: created here, dropped by `drop`), data folder and queue prefix for one
 * deployment; `mysqlPort`: a proxy's port, for `proxiedDatabaseUrl`.
 */
export async function freshStore(backend: Backend, mysqlPort?: number) {
  const store = await scratchStore(backend, 'outbox_');
  const { env, dataDir } = store;
  let proxiedDatabaseUrl = '';
  if (env.DATABASE_URL && mysqlPort !== undefined) {
    const url = new URL(env.DATABASE_URL);
    url.hostname = '127.0.0.1';
    url.port = String(mysqlPort);
    proxiedDatabaseUrl = url.toString();
  }
  return {
    env,
    proxiedDatabaseUrl,
    /** Read straight from the deployment's database (the wire shape of a message does not show its delivery). */
    query: async <T>(sql: string, params: unknown[] = []): Promise<T[]> => {
      if (!env.DATABASE_URL) {
        const db = new Database(path.join(dataDir, 'dealer.sqlite'), { readonly: true });
        try {
          return db.prepare(sql).all(...params) as T[];
        } finally {
          db.close();
        }
      }
      const conn = await createConnection({ uri: env.DATABASE_URL });
      try {
        return (await conn.query(sql, params))[0] as T[];
      } finally {
        await conn.end();
      }
    },
    drop: store.drop,
  };
}
