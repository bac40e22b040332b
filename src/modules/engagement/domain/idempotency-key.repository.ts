export type IdempotencyClaim = { status: 'claimed' } | { status: 'repeat'; requestHash: string };

/** Port: Idempotency-Key records of the engage endpoint, per dealership. */
export abstract class IdempotencyKeyRepository {
  /**
   * Records the key, or reports that it was recorded within `windowMs` (a concurrent duplicate
   * loses at the unique key). A record older than the window is replaced.
   */
  abstract claim(dealerId: string, key: string, requestHash: string, now: Date, windowMs: number): Promise<IdempotencyClaim>;
  abstract attachMessage(dealerId: string, key: string, messageId: string): Promise<void>;
  /** Forgets a key whose request failed, so the client's retry is carried out. */
  abstract release(dealerId: string, key: string): Promise<void>;
  /** Deletes the dealership's keys recorded before `before`; returns how many. */
  abstract purge(dealerId: string, before: Date): Promise<number>;
}
