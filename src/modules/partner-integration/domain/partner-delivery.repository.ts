import { DeliveryAuditEntry } from './partner-delivery';

export interface AcceptedDelivery {
  partnerId: string;
  bodySha256: string;
  dealerId: string;
  receivedAt: Date;
}

/** Port: the idempotency ledger, one row per distinct body a partner had accepted. Joins the unit of work. */
export abstract class DeliveryLedger {
  /** false when this partner's body was accepted before (a redelivery). */
  abstract recordFirst(delivery: AcceptedDelivery): Promise<boolean>;
}

/** Port: the audit trail of every delivery. */
export abstract class DeliveryAuditLog {
  abstract record(entry: DeliveryAuditEntry): Promise<void>;
  /** Newest first. */
  abstract list(filter: { partnerId?: string; take: number }): Promise<DeliveryAuditEntry[]>;
  /** Deletes records received before `cutoff`; returns how many. */
  abstract purgeReceivedBefore(cutoff: Date): Promise<number>;
}
