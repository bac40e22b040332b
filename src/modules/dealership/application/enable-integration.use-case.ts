import { Injectable } from '@nestjs/common';
import { UnitOfWork } from '../../../../libs/common/persistence/unit-of-work';
import { IntegrationConfig, newDealership } from '../domain/dealership';
import { IntegrationConfigChange, DealershipRepository } from '../domain/dealership.repository';

export interface IntegrationEnablement {
  dealershipCreated: boolean;
  change: IntegrationConfigChange;
}

/**
 * Finds the dealership (created with the given name and region when there is none) and records the
 * integration on it; joins the caller's unit of work (a partner webhook's, with its ledger).
 */
@Injectable()
export class EnableIntegrationUseCase {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly dealerships: DealershipRepository,
  ) {}

  execute(request: { dealerId: string; name: string; region: string; integration: IntegrationConfig; at: Date }): Promise<IntegrationEnablement> {
    return this.unitOfWork.run(async () => {
      const { created } = await this.dealerships.findOrCreate(
        newDealership({ id: request.dealerId, name: request.name, region: request.region }, request.at),
      );
      const change = await this.dealerships.recordIntegrationConfig(request.dealerId, request.integration, request.at);
      return { dealershipCreated: created, change };
    });
  }
}
