// Helpers shared by the benchmarks: run the CLI, start and stop a server child process, percentiles.
import { spawn, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import { createRequire } from 'node:module';
import * as net from 'node:net';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * Benchmarks measure the service, not its rate limit: one credential sends far more than the
 * default 1,200 requests a minute (RATE_LIMIT_PER_MINUTE), so their servers allow that many.
 */
export const UNTHROTTLED = { RATE_LIMIT_PER_MINUTE: '100000000' };

export function cli(env, ...args) {
  const r = spawnSync(process.execPath, [path.join(ROOT, 'dist/src/cli.js'), ...args], { env: { ...process.env, ...env }, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`cli ${args.join(' ')} failed: ${r.stderr}`);
  return JSON.parse(r.stdout.trim().split('\n').pop());
}

/** A port nothing listens on now, for a server child that must be told its port up front. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Node options for the service's processes (API_MAIN and the worker), from BENCH_API_NODE_ARGS (e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof"). */
const NODE_ARGS = (process.env.BENCH_API_NODE_ARGS ?? '').split(' ').filter(Boolean);

/** The API's entry point, for startServer. */
export const API_MAIN = path.join(ROOT, 'dist/src/main.js');

/** How long a process may take to say it is ready (a fresh MySQL database migrates first). */
const START_TIMEOUT_MS = 120_000;

/**
 * Spawns a process and resolves with what `ready(output)` answers once it answers something; rejects
 * when the process ends or is not ready within START_TIMEOUT_MS. From then on its stderr goes to
 * this script's stderr, and its end, unless stopProcess asked for it, is reported there.
 */
function startProcess(name, args, env, ready) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { env, cwd: ROOT });
    let out = '';
    let started = false;
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${name} was not ready within ${START_TIMEOUT_MS / 1000} s: ${out}`));
    }, START_TIMEOUT_MS);
    const onOutput = (d) => {
      out += d;
      const value = ready(out, child);
      if (value === undefined) return;
      started = true;
      out = '';
      clearTimeout(timer);
      resolve(value);
    };
    child.stdout.on('data', (d) => !started && onOutput(d));
    child.stderr.on('data', (d) => (started ? process.stderr.write(d) : onOutput(d)));
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      if (started) process.stderr.write(`[bench] ${name} (pid ${child.pid}) ended: ${signal ?? `exit code ${code}`}\n`);
      else reject(new Error(`${name} exited ${signal ?? code}: ${out}`));
    });
  });
}

/**
 * Starts `script` (default: serve.mjs; or the service entry, API_MAIN) on a port the system
 * assigns, so it never collides with a running `npm start`, and resolves with { child, port, url }
 * once it prints READY <port> or its banner.
 */
export function startServer(env, args = [], script = path.join(ROOT, 'bench/support/serve.mjs')) {
  const nodeArgs = script === API_MAIN ? NODE_ARGS : [];
  const fullEnv = { ...process.env, LOG_LEVEL: 'warn', DEMO_SEED: 'false', PORT: '0', HOST: '127.0.0.1', ...UNTHROTTLED, ...env };
  return startProcess(path.basename(script), [...nodeArgs, script, ...args], fullEnv, (out, child) => {
    const m = /READY (\d+)|listening .*http:\/\/[^\s]+:(\d+)/.exec(out);
    return m ? { child, port: Number(m[1] ?? m[2]), url: `http://127.0.0.1:${m[1] ?? m[2]}` } : undefined;
  });
}

/** Starts the queue worker (dist/src/worker.js) with `env`; resolves with the child once it says it runs. */
export function startWorker(env) {
  return startProcess('worker.js', [...NODE_ARGS, path.join(ROOT, 'dist/src/worker.js')], { ...process.env, LOG_LEVEL: 'warn', ...env }, (out, child) =>
    out.includes('worker running') ? child : undefined,
  );
}

/** A memory figure of a process in MB (VmRSS, resident now, or VmHWM, its peak; /proc/<pid>/status, Linux), or null once it is gone. */
export function rssMb(pid, field = 'VmRSS') {
  try {
    return Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) / 1024;
  } catch {
    return null;
  }
}

/** CPU seconds (user + system) a process has used so far, from /proc/<pid>/stat (Linux), or null when it cannot be read. */
export function cpuSeconds(pid) {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100; // utime, stime in clock ticks (USER_HZ 100)
  } catch {
    return null;
  }
}

/** Deletes the Redis keys under `prefix` (a benchmark's QUEUE_PREFIX); nothing to do when Redis went away. */
export async function flushRedisPrefix(redisUrl, prefix) {
  const Redis = createRequire(import.meta.url)('ioredis');
  const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 });
  try {
    await redis.connect();
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 1000);
      cursor = next;
      if (keys.length) await redis.del(...keys);
    } while (cursor !== '0');
  } catch {
    // Redis is not answering: there is nothing this script can clean.
  } finally {
    redis.disconnect();
  }
}

/** SIGTERM, and resolves once the process has ended. */
export function stopProcess(child) {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.removeAllListeners('exit');
    child.on('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

export function stopServer(server) {
  return stopProcess(server.child);
}

/** Nearest-rank percentile of an ascending array: the smallest value with at least p% of values at or below it. */
export function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}
