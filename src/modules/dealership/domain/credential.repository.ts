import { CredentialKind, CredentialStore, PartnerEndpoint } from '../../../../libs/common/auth/principal';

export interface NewCredential {
  username: string;
  kind: CredentialKind;
  dealerId: string | null;
  partnerId: string | null;
  secretHash: string;
}

/** Port: issued credentials. Also the auth guard's CredentialStore. */
export abstract class CredentialRepository extends CredentialStore {
  abstract add(credential: NewCredential): Promise<void>;
  /** Revokes every active credential of the dealership; returns how many. */
  abstract revokeForDealer(dealerId: string): Promise<number>;
  /** false when no active credential has that username. */
  abstract revoke(username: string): Promise<boolean>;
}

export interface Partner {
  id: string;
  name: string;
  /** What its credentials open. */
  endpoints: readonly PartnerEndpoint[];
  createdAt: Date;
}

export abstract class PartnerRepository {
  /** false when the id is taken. */
  abstract create(partner: Partner): Promise<boolean>;
  /** false when there is no such partner. */
  abstract setEndpoints(id: string, endpoints: readonly PartnerEndpoint[]): Promise<boolean>;
}
