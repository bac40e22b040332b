import { Logger, Module, OnModuleInit } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { registerProblemTitles } from '../../../libs/common/http/all-exceptions.filter';
import { AppConfig } from '../../config/app-config';
import { DealershipModule } from '../dealership';
import { DealershipContextIntegrations } from './adapters/dealership/dealership-integrations.adapter';
import { PartnerWebhookController } from './adapters/http/partner-webhook.controller';
import { DeliveryAuditOrmEntity, PartnerDeliveryOrmEntity } from './adapters/persistence/partner-delivery.orm-entity';
import { TypeOrmDeliveryAuditLog, TypeOrmDeliveryLedger } from './adapters/persistence/typeorm-partner-delivery.repository';
import { EnablePartnerIntegrationUseCase } from './application/enable-partner-integration.use-case';
import { ListDeliveryAuditUseCase } from './application/list-delivery-audit.use-case';
import { PurgeDeliveryAuditUseCase } from './application/purge-delivery-audit.use-case';
import { RecordDeliveryAuditUseCase } from './application/record-delivery-audit.use-case';
import { DealershipIntegrations } from './domain/dealership-integrations';
import { PARTNER_PROBLEM_TITLES } from './domain/partner-integration.errors';
import { DeliveryAuditLog, DeliveryLedger } from './domain/partner-delivery.repository';

registerProblemTitles(PARTNER_PROBLEM_TITLES);

/** Inbound partner notifications: the signed, idempotent, audited integration-enabled webhook. */
@Module({
  imports: [TypeOrmModule.forFeature([PartnerDeliveryOrmEntity, DeliveryAuditOrmEntity]), DealershipModule],
  controllers: [PartnerWebhookController],
  providers: [
    { provide: DeliveryLedger, useClass: TypeOrmDeliveryLedger },
    { provide: DeliveryAuditLog, useClass: TypeOrmDeliveryAuditLog },
    { provide: DealershipIntegrations, useClass: DealershipContextIntegrations },
    EnablePartnerIntegrationUseCase,
    RecordDeliveryAuditUseCase,
    PurgeDeliveryAuditUseCase,
    ListDeliveryAuditUseCase,
  ],
  exports: [PurgeDeliveryAuditUseCase, ListDeliveryAuditUseCase],
})
export class PartnerIntegrationModule implements OnModuleInit {
  constructor(private readonly config: AppConfig) {}

  onModuleInit(): void {
    if (this.config.partnerSigningSecrets.length === 0) {
      new Logger('PartnerWebhook').warn('PARTNER_SIGNING_SECRETS is not set: the partner webhook answers 503 until it is');
    }
  }
}
