import { Injectable } from '@nestjs/common';
import { ValidationError } from '../../../../libs/common/errors/domain-error';
import { DeliveryAuditEntry } from '../domain/partner-delivery';
import { DeliveryAuditLog } from '../domain/partner-delivery.repository';

/** An audit record as `partner deliveries` prints it (snake_case, ISO 8601 UTC). */
export interface DeliveryAuditView {
  received_at: string;
  partner_id: string | null;
  username: string | null;
  client_address: string | null;
  request_id: string | null;
  outcome: string;
  status: number;
  reason: string;
  detail: string | null;
  body_sha256: string | null;
  dealer_id: string | null;
}

export const MAX_AUDIT_TAKE = 500;

/** `partner deliveries`: the newest audit records, of one partner or all. */
@Injectable()
export class ListDeliveryAuditUseCase {
  constructor(private readonly audit: DeliveryAuditLog) {}

  async execute(filter: { partnerId?: string; take: number }): Promise<{ deliveries: DeliveryAuditView[] }> {
    if (!Number.isInteger(filter.take) || filter.take < 1 || filter.take > MAX_AUDIT_TAKE) {
      throw new ValidationError('Invalid take', [{ field: 'take', errors: [`must be an integer from 1 to ${MAX_AUDIT_TAKE}`] }]);
    }
    const entries = await this.audit.list(filter);
    return { deliveries: entries.map(toDeliveryAuditView) };
  }
}

function toDeliveryAuditView(e: DeliveryAuditEntry): DeliveryAuditView {
  return {
    received_at: e.receivedAt.toISOString(),
    partner_id: e.partnerId,
    username: e.username,
    client_address: e.clientAddress,
    request_id: e.requestId,
    outcome: e.outcome,
    status: e.status,
    reason: e.reason,
    detail: e.detail,
    body_sha256: e.bodySha256,
    dealer_id: e.dealerId,
  };
}
