import { Dealership, DealershipStatus, IntegrationConfig } from './dealership';
import { DealershipProfile } from './dealership-profile';

/** Port: dealerships and the integration configs recorded for them. */
export abstract class DealershipRepository {
  abstract findById(dealerId: string): Promise<Dealership | null>;
  /** false when the id is taken. */
  abstract create(dealership: Dealership): Promise<boolean>;
  abstract saveProfile(dealerId: string, profile: DealershipProfile): Promise<void>;
  abstract setStatus(dealerId: string, status: DealershipStatus): Promise<void>;
  abstract listIntegrationConfigs(dealerId: string): Promise<IntegrationConfig[]>;
  abstract count(): Promise<number>;
}
