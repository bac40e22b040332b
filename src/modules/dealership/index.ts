/** What other contexts (and the roots) may use of dealership: its module, public use cases, their types and errors. */
export { DealershipModule } from './dealership.module';
export { CreateDealerUseCase, type IssuedDealerCredential } from './application/create-dealer.use-case';
export { ConfigureDealerUseCase } from './application/configure-dealer.use-case';
export { ManageCredentialsUseCase } from './application/manage-credentials.use-case';
export { FindDealershipUseCase } from './application/find-dealership.use-case';
export { SetDealershipStatusUseCase } from './application/set-dealership-status.use-case';
export { EnableIntegrationUseCase } from './application/enable-integration.use-case';
export { DealershipNotFoundError } from './domain/dealership.errors';
