/**
 * How long a request waits for its hand-over to a queue before it answers. What the request
 * recorded is the outbox entry (decisions.md section 10): a hand-over that fails or takes longer is
 * the relay's, so a slow or unreachable queue never holds a request.
 */
export const REQUEST_HAND_OVER_WAIT_MS = 300;

/**
 * True when `attempt` resolves within `ms`; false when it rejects, or is still running then (it
 * runs on: what it does when it ends is its own chain's business). Never rejects.
 */
export function settledWithin(attempt: Promise<unknown>, ms: number): Promise<boolean> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    timer.unref();
    attempt.then(
      () => {
        clearTimeout(timer);
        resolve(true);
      },
      () => {
        clearTimeout(timer);
        resolve(false);
      },
    );
  });
}

/** A job handed over this long ago whose work has not started is handed over again: the queue may have lost it. */
const HAND_AGAIN_AFTER_MS = 60_000;

/**
 * Outbox entries handed over before this instant and still waiting are handed over again: those
 * handed over before `queueSince` (the in-process queue forgets its jobs when its process stops)
 * or a minute ago. Handing over twice is harmless when jobs are idempotent by id.
 */
export function handAgainBefore(now: Date, queueSince: Date): Date {
  return new Date(Math.max(queueSince.getTime(), now.getTime() - HAND_AGAIN_AFTER_MS));
}
