export interface IdempotencyClaim {
  dealerId: string;
  key: string;
  /** Fingerprint of the request: the same key with another request is refused. */
  requestHash: string;
  now: Date;
  /** A record older than this is expired and replaced. */
  windowMs: number;
}

export type IdempotentOutcome<T> = { status: 'done'; result: T } | { status: 'repeat'; requestHash: string };

/** Port: Idempotency-Key records of the engage endpoint, per dealership. */
export abstract class IdempotencyKeyRepository {
  /**
   * Claims the key and runs `work` in one transaction, then records the message `work` wrote
   * against the key. `work`'s writes must join that transaction (repositories do, through the unit
   * of work): if anything fails or the process dies, neither the key nor the message is kept, so
   * the client's retry is carried out. A key recorded within the window is a repeat and `work` does
   * not run; a concurrent duplicate waits for the first and is then a repeat (or runs, if the first
   * rolled back). `work` may run more than once (the transaction is retried when it loses a race),
   * so it must have no effects outside the database.
   */
  abstract runOnce<T>(claim: IdempotencyClaim, work: () => Promise<{ messageId: string; result: T }>): Promise<IdempotentOutcome<T>>;
  /** Forgets a key whose request failed after its transaction (the delivery could not be queued), so the retry is carried out. */
  abstract release(dealerId: string, key: string): Promise<void>;
  /** Deletes the dealership's keys recorded before `before`; returns how many. */
  abstract purge(dealerId: string, before: Date): Promise<number>;
}
