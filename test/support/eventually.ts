/**
 * Waiting in tests: poll for a positive signal with a deadline, never sleep a fixed time.
 * A check that is not there yet returns undefined (or, for until(), false) or throws; the deadline
 * only bounds a failing test, it never decides a passing one.
 */
export interface PollOptions {
  /** Give up after this long (default 15 s, below Jest's test timeout). */
  timeoutMs?: number;
  /** Pause between two checks (default 10 ms). */
  intervalMs?: number;
}

/** Resolves with the first value `check` returns that is not undefined; fails after the deadline, with the last error. */
export async function eventually<T>(check: () => T | undefined | Promise<T | undefined>, what: string, options: PollOptions = {}): Promise<T> {
  const { timeoutMs = 15_000, intervalMs = 10 } = options;
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const value = await check();
      if (value !== undefined) return value;
    } catch (err) {
      last = err;
    }
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}${last ? `: ${String(last)}` : ''}`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

/** Resolves once `condition` holds; fails after the deadline. */
export async function until(condition: () => boolean | Promise<boolean>, what: string, options: PollOptions = {}): Promise<void> {
  await eventually(async () => ((await condition()) ? true : undefined), what, options);
}

