import { ChildProcess, spawn } from 'node:child_process';
import * as path from 'node:path';

const WORKER = path.resolve(__dirname, '../../dist/src/worker.js');

const outputs = new WeakMap<ChildProcess, () => string>();

/** What a worker started by `startWorker` printed so far (its start line says where it serves its metrics). */
export function workerOutput(child: ChildProcess): string {
  return outputs.get(child)?.() ?? '';
}

/** Starts `node dist/src/worker.js` (the worker root) with `env`; resolves once it says it runs. */
export function startWorker(env: Record<string, string>): Promise<ChildProcess> {
  const child = spawn(process.execPath, [WORKER], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  outputs.set(child, () => output);
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('worker running')) resolve(child);
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`worker exited with ${code}: ${output}`)));
  });
}

/** Stops a child process, a worker or an API (SIGKILL: as a crash would), and waits for the exit. */
export async function stopProcess(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill(signal);
  await exited;
}
