import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CredentialStore } from '../../../libs/common/auth/principal';
import { DealershipController } from './adapters/http/dealership.controller';
import {
  CredentialOrmEntity, DealershipOrmEntity, IntegrationConfigOrmEntity, PartnerOrmEntity,
} from './adapters/persistence/dealership.orm-entity';
import {
  TypeOrmCredentialRepository, TypeOrmDealershipRepository, TypeOrmPartnerRepository,
} from './adapters/persistence/typeorm-dealership.repository';
import { ConfigureDealerUseCase } from './application/configure-dealer.use-case';
import { CreateDealerUseCase } from './application/create-dealer.use-case';
import { EnableIntegrationUseCase } from './application/enable-integration.use-case';
import { FindDealershipUseCase } from './application/find-dealership.use-case';
import { SetDealershipStatusUseCase } from './application/set-dealership-status.use-case';
import { GetDealershipProfileUseCase } from './application/get-dealership-profile.use-case';
import { ManageCredentialsUseCase } from './application/manage-credentials.use-case';
import { CredentialRepository, PartnerRepository } from './domain/credential.repository';
import { DealershipRepository } from './domain/dealership.repository';

/** Dealerships, their profiles, and the credentials (dealer and partner) that open the API. */
@Module({
  imports: [TypeOrmModule.forFeature([DealershipOrmEntity, PartnerOrmEntity, CredentialOrmEntity, IntegrationConfigOrmEntity])],
  controllers: [DealershipController],
  providers: [
    { provide: DealershipRepository, useClass: TypeOrmDealershipRepository },
    { provide: CredentialRepository, useClass: TypeOrmCredentialRepository },
    { provide: CredentialStore, useExisting: CredentialRepository },
    { provide: PartnerRepository, useClass: TypeOrmPartnerRepository },
    CreateDealerUseCase,
    ConfigureDealerUseCase,
    GetDealershipProfileUseCase,
    ManageCredentialsUseCase,
    FindDealershipUseCase,
    SetDealershipStatusUseCase,
    EnableIntegrationUseCase,
  ],
  exports: [
    CredentialStore, CreateDealerUseCase, ConfigureDealerUseCase, ManageCredentialsUseCase, FindDealershipUseCase, SetDealershipStatusUseCase,
    EnableIntegrationUseCase,
  ],
})
export class DealershipModule {}
