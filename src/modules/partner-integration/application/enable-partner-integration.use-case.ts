import { createHash } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { UnitOfWork } from '../../../../libs/common/persistence/unit-of-work';
import { DealershipIntegrations } from '../domain/dealership-integrations';
import { PARTNER_CREDIT_APPLICATION, parseIntegrationEnabled } from '../domain/integration-enabled';
import { ACCEPTED_STATUS, DeliveryOutcome } from '../domain/partner-delivery';
import { DeliveryLedger } from '../domain/partner-delivery.repository';
import { RecordDeliveryAuditUseCase } from './record-delivery-audit.use-case';

/** Who delivered, as the transport saw it (for the audit record). */
export interface DeliveryOrigin {
  username: string | null;
  clientAddress: string | null;
  requestId: string | null;
}

export interface EnablementResult {
  outcome: Exclude<DeliveryOutcome, 'refused'>;
  reason: 'dealership_created' | 'integration_created' | 'integration_updated' | 'integration_unchanged' | 'duplicate_delivery';
  dealerId: string;
}

export function sha256Hex(body: Uint8Array): string {
  return createHash('sha256').update(body).digest('hex');
}

/**
 * A partner's signed "retailer enabled the integration" notification (decisions.md section 11):
 * find or create the dealership `slug(retailerName)` and record the integration on it, in one
 * transaction with the idempotency ledger, so a redelivered body changes nothing and a failure
 * leaves nothing half done. Refusals before this point are audited by the HTTP adapter.
 */
@Injectable()
export class EnablePartnerIntegrationUseCase {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly ledger: DeliveryLedger,
    private readonly dealerships: DealershipIntegrations,
    private readonly audit: RecordDeliveryAuditUseCase,
  ) {}

  async execute(delivery: { partnerId: string; body: Uint8Array; origin: DeliveryOrigin }): Promise<EnablementResult> {
    const bodySha256 = sha256Hex(delivery.body);
    const notification = parseIntegrationEnabled(delivery.body);
    const now = new Date();
    const dealerId = notification.dealerId;

    const result = await this.unitOfWork.run(async (): Promise<EnablementResult> => {
      // First: a concurrent delivery of the same body waits here for the first one's outcome.
      if (!(await this.ledger.recordFirst({ partnerId: delivery.partnerId, bodySha256, dealerId, receivedAt: now }))) {
        return { outcome: 'duplicate', reason: 'duplicate_delivery', dealerId };
      }
      const { dealershipCreated, change } = await this.dealerships.enable({
        dealerId, name: notification.retailerName, region: notification.region,
        integration: { key: PARTNER_CREDIT_APPLICATION, subscription_id: notification.subscriptionId }, at: now,
      });
      return { outcome: 'accepted', reason: dealershipCreated ? 'dealership_created' : `integration_${change}`, dealerId };
    });

    await this.audit.execute({
      ...delivery.origin,
      receivedAt: now,
      partnerId: delivery.partnerId,
      outcome: result.outcome,
      status: ACCEPTED_STATUS,
      reason: result.reason,
      detail: null,
      bodySha256,
      dealerId,
    });
    return result;
  }
}
