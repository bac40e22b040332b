import { writeSync } from 'node:fs';

/** The signals that stop the API and the worker gracefully: Nest's shutdown hooks and the deadline both listen to these. */
export const STOP_SIGNALS = ['SIGTERM', 'SIGINT', 'SIGHUP'] as const;

/**
 * After a stop signal the process exits within `seconds`, even when a shutdown hook waits for a
 * dependency that stopped answering (Bull closing its Redis connections waits for ever on a Redis
 * that accepts bytes and never replies). What the cut leaves undone was recorded before it was
 * accepted: the outbox relay and the assistant's run sweep take it over (decisions.md sections 9
 * and 10). Nest's shutdown hooks (`enableShutdownHooks(STOP_SIGNALS)`) do the graceful part
 * meanwhile, and hold on to further signals until they are done, so only SIGKILL is quicker.
 */
export function limitShutdown(seconds: number, processName: string): void {
  const onSignal = (signal: NodeJS.Signals) => {
    for (const s of STOP_SIGNALS) process.removeListener(s, onSignal);
    setTimeout(() => {
      try {
        // A blocking write: the line is out before the exit, whatever stderr is.
        writeSync(2, `${processName}: shutdown did not finish within ${seconds} s (SHUTDOWN_TIMEOUT_S) after ${signal}; exiting now\n`);
      } finally {
        process.exit(1);
      }
    }, seconds * 1000).unref();
  };
  for (const s of STOP_SIGNALS) process.on(s, onSignal);
}
