/** How a delivery ended: applied, recognised as a redelivery (no-op), or refused at some check. */
export type DeliveryOutcome = 'accepted' | 'duplicate' | 'refused';

/** The status an accepted (or redelivered) notification is answered with: empty body (spec 4.8). */
export const ACCEPTED_STATUS = 204;

/** One audit record per delivery, whatever its fate. */
export interface DeliveryAuditEntry {
  receivedAt: Date;
  /** null when the caller was not authenticated as a partner. */
  partnerId: string | null;
  /** The credential key id the caller presented, if any (never the secret). */
  username: string | null;
  clientAddress: string | null;
  requestId: string | null;
  outcome: DeliveryOutcome;
  status: number;
  /** Why: `dealership_created`, `integration_updated`, `duplicate_delivery`, or the refusal's error code. */
  reason: string;
  detail: string | null;
  /** SHA-256 (hex) of the raw body; null when it was not read in full (e.g. over the limit). */
  bodySha256: string | null;
  dealerId: string | null;
}

/** Audit records are kept this long. */
const AUDIT_RETENTION_DAYS = 30;

export function auditRetentionCutoff(now: Date): Date {
  return new Date(now.getTime() - AUDIT_RETENTION_DAYS * 24 * 60 * 60 * 1000);
}
