import { DealershipProfile, defaultDealershipProfile } from './dealership-profile';

export type DealershipStatus = 'active' | 'disabled';

export interface Dealership {
  id: string;
  name: string;
  /** ISO 3166-1 alpha-2 country code (CA, US, ...): default phone country, VIN rules, catalog region. */
  region: string;
  status: DealershipStatus;
  profile: DealershipProfile;
  createdAt: Date;
  updatedAt: Date;
}

export interface IntegrationConfig {
  key: string;
  subscription_id: string;
}

export { isRegionCode } from '../../../../libs/common/region/region';
/** A dealer id as the slug function makes them. */
export const DEALER_ID_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** A new, active dealership with the default profile. */
export function newDealership(fields: { id: string; name: string; region: string }, now: Date): Dealership {
  return { ...fields, status: 'active', profile: defaultDealershipProfile(), createdAt: now, updatedAt: now };
}
