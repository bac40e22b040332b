import { Module } from '@nestjs/common';
import { DeliveryAuditRetention } from './adapters/schedule/delivery-audit-retention';
import { PartnerIntegrationModule } from './partner-integration.module';

/** The partner webhook's background work: the audit's retention (composed by the worker root). */
@Module({
  imports: [PartnerIntegrationModule],
  providers: [DeliveryAuditRetention],
})
export class PartnerIntegrationWorkerModule {}
