export interface IdempotencyClaim {
  dealerId: string;
  key: string;
  /** Fingerprint of the request: the same key with another request is refused. */
  requestHash: string;
  now: Date;
  /** A record older than this is expired and replaced. */
  windowMs: number;
}

/**
 * Port: Idempotency-Key records of the engage endpoint, per dealership. Every method joins the
 * caller's unit of work: the key is claimed in the transaction that records the message, so if
 * anything fails or the process dies, neither is kept and the client's retry is carried out.
 */
export abstract class IdempotencyKeyRepository {
  /**
   * Inserts the key (an expired record is replaced), or returns the live record that holds it. On
   * MySQL a concurrent duplicate's insert waits on the primary key until the first transaction
   * ends, then fails (a repeat) or succeeds (the first rolled back).
   */
  abstract claim(claim: IdempotencyClaim): Promise<{ requestHash: string } | null>;
  /** Records the message the claimed request wrote. */
  abstract attachMessage(dealerId: string, key: string, messageId: string): Promise<void>;
  /** Deletes the dealership's keys recorded before `before`; returns how many. */
  abstract purge(dealerId: string, before: Date): Promise<number>;
}
