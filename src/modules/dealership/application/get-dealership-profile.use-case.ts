import { Injectable } from '@nestjs/common';
import { IntegrationConfig } from '../domain/dealership';
import { DealershipProfile } from '../domain/dealership-profile';
import { DealershipNotFoundError } from '../domain/dealership.errors';
import { DealershipRepository } from '../domain/dealership.repository';

/** The whole profile of spec 2.15, in its wire field order. */
export type DealershipProfileView = { id: string; name: string; region: string } & DealershipProfile & {
  integration_configs: IntegrationConfig[];
};

@Injectable()
export class GetDealershipProfileUseCase {
  constructor(private readonly dealerships: DealershipRepository) {}

  async execute(dealerId: string): Promise<DealershipProfileView> {
    const [dealership, integrations] = await Promise.all([
      this.dealerships.findProfile(dealerId),
      this.dealerships.listIntegrationConfigs(dealerId),
    ]);
    if (!dealership) throw new DealershipNotFoundError(dealerId);
    return {
      id: dealership.id,
      name: dealership.name,
      region: dealership.region,
      ...dealership.profile,
      integration_configs: integrations,
    };
  }
}
