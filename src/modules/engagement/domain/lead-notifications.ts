import { DeliveryOutcome, HandOverCutoffs } from './conversation-messages';
import { NotificationKind, NotificationStatus, PlannedNotification } from './hand-off-lead';

/** One destination's copy of a hand-off lead, as stored. */
export interface LeadNotification {
  id: string;
  dealerId: string;
  /** The lead's key (the assistant's run id): one lead per key. */
  leadKey: string;
  kind: NotificationKind;
  to: string;
  subject: string | null;
  body: string;
  text: string | null;
  status: NotificationStatus;
  attempts: number;
  lastError: string | null;
  /** Whether its hand-over to the delivery queue was recorded. */
  handedOver: boolean;
  sentAt: Date | null;
  createdDate: Date;
}

export interface LeadNotificationRef {
  dealerId: string;
  id: string;
}

/**
 * Port: the hand-off leads' outbox. A row per destination is the delivery job's outbox entry, as an
 * outbound message row is (decisions.md section 10): committed with the run that handed off, handed
 * to the `engagement-delivery` queue after the commit, and marked handed over.
 */
export abstract class LeadNotifications {
  /**
   * Joins the caller's unit of work. Records the lead's copies unless its key already has some (a
   * repeated hand-off of the same run), and answers the key's copies either way.
   */
  abstract recordOnce(dealerId: string, leadKey: string, planned: readonly PlannedNotification[], at: Date): Promise<LeadNotification[]>;
  /** The copies of these leads (the dealership's only), in the order they were recorded. */
  abstract findByLeads(dealerId: string, leadKeys: readonly string[]): Promise<LeadNotification[]>;
  abstract find(dealerId: string, id: string): Promise<LeadNotification | null>;
  abstract recordDelivery(dealerId: string, id: string, outcome: DeliveryOutcome): Promise<void>;
  abstract recordHandOver(dealerId: string, id: string, at: Date): Promise<void>;
  /** The outbox, across dealerships, the longest waiting first (the relay's scan). */
  abstract awaitingHandOver(cutoffs: HandOverCutoffs, take: number): Promise<LeadNotificationRef[]>;
  /** When the oldest copy still waiting for delivery (queued or retrying) was recorded; null: none waits. */
  abstract oldestAwaitingDelivery(): Promise<Date | null>;
}
