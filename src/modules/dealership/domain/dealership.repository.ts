import { Dealership, DealershipStatus, IntegrationConfig } from './dealership';
import { DealershipProfile } from './dealership-profile';

/** What recording an integration changed. */
export type IntegrationConfigChange = 'created' | 'updated' | 'unchanged';

/**
 * Port: dealerships and the integration configs recorded for them. Every method joins the
 * surrounding unit of work (libs/common/persistence/unit-of-work.ts) when called inside one.
 */
export abstract class DealershipRepository {
  abstract findById(dealerId: string): Promise<Dealership | null>;
  /** What the profile read serves, alone: the API's hottest read. */
  abstract findProfile(dealerId: string): Promise<Pick<Dealership, 'id' | 'name' | 'region' | 'profile'> | null>;
  /** false when the id is taken. */
  abstract create(dealership: Dealership): Promise<boolean>;
  /**
   * The dealership with `candidate.id`, created from `candidate` when there is none. Concurrent
   * callers for the same new id all get the one row that won; `created` is true for that caller only.
   */
  abstract findOrCreate(candidate: Dealership): Promise<{ dealership: Dealership; created: boolean }>;
  /** Records the integration (`key`) of the dealership; an identical record is left untouched. */
  abstract recordIntegrationConfig(dealerId: string, config: IntegrationConfig, at: Date): Promise<IntegrationConfigChange>;
  abstract saveProfile(dealerId: string, profile: DealershipProfile): Promise<void>;
  abstract setStatus(dealerId: string, status: DealershipStatus): Promise<void>;
  abstract listIntegrationConfigs(dealerId: string): Promise<IntegrationConfig[]>;
  abstract count(): Promise<number>;
}
