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
