import { ObjectLiteral, SelectQueryBuilder } from 'typeorm';

/** Which outbox entries a relay round hands (again) to its queue (libs/common/queue/hand-over.ts). */
export interface OutboxCutoffs {
  /** `queued`, never handed over, and recorded before this (a younger one is still its request's to hand over). */
  recordedBefore: Date;
  /** `queued` or `retrying`, and last handed over before this (the queue may have lost the job). */
  handedOverBefore: Date;
}

/** An outbox table's columns, as SQL names under the query's alias. */
export interface OutboxColumns {
  status: string;
  handedOverAt: string;
  recordedAt: string;
}

/**
 * The entries a relay round hands to the queue, the longest waiting first: those never handed over,
 * then those handed over long ago and still waiting. Two range scans of an index on (status,
 * handed-over-at, recorded-at), the shape every outbox here has (outbound messages, hand-off leads).
 */
export async function awaitingHandOver<T extends ObjectLiteral>(rows: () => SelectQueryBuilder<T>, c: OutboxColumns, cutoffs: OutboxCutoffs, take: number): Promise<T[]> {
  const never = await rows()
    .where(`${c.status} = :queued AND ${c.handedOverAt} IS NULL AND ${c.recordedAt} < :before`, { queued: 'queued', before: cutoffs.recordedBefore })
    .orderBy(c.recordedAt, 'ASC').limit(take).getMany();
  const again = never.length >= take ? [] : await rows()
    .where(`${c.status} IN (:...waiting) AND ${c.handedOverAt} < :before`, { waiting: ['queued', 'retrying'], before: cutoffs.handedOverBefore })
    .orderBy(c.handedOverAt, 'ASC').limit(take - never.length).getMany();
  return [...never, ...again];
}
