/** What the roots may use of partner-integration. */
export { PartnerIntegrationModule } from './partner-integration.module';
export { PartnerIntegrationWorkerModule } from './partner-integration-worker.module';
export { ListDeliveryAuditUseCase, MAX_AUDIT_TAKE } from './application/list-delivery-audit.use-case';
