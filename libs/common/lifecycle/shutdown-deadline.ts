const STOP_SIGNALS = ['SIGTERM', 'SIGINT', 'SIGHUP'] as const;

/**
 * After a stop signal the process exits within `seconds`, even when a shutdown hook waits for a
 * dependency that stopped answering (Bull closing its Redis connections waits for ever on a Redis
 * that accepts bytes and never replies). Cutting the shutdown short loses nothing accepted: the
 * outbox relay and the assistant's sweep pick up what was in flight (decisions.md section 10).
 * Nest's own shutdown hooks (enableShutdownHooks) do the graceful part meanwhile; like them, this
 * stops listening at the first signal, so a second one has its default effect (exit at once).
 */
export function limitShutdown(seconds: number, processName: string): void {
  const onSignal = (signal: NodeJS.Signals) => {
    for (const s of STOP_SIGNALS) process.removeListener(s, onSignal);
    setTimeout(() => {
      // Synchronous on a pipe or file, so the line is out before the exit.
      process.stderr.write(`${processName}: shutdown did not finish within ${seconds} s (SHUTDOWN_TIMEOUT_S) after ${signal}; exiting now\n`);
      process.exit(1);
    }, seconds * 1000).unref();
  };
  for (const s of STOP_SIGNALS) process.on(s, onSignal);
}
