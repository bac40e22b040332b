export type CredentialKind = 'dealer' | 'partner';

/** Who is calling, as established by Basic authentication. */
export interface Principal {
  kind: CredentialKind;
  username: string;
  /** Set for dealer credentials. */
  dealerId: string | null;
  /** Set for partner credentials. */
  partnerId: string | null;
}

export interface StoredCredential extends Principal {
  secretHash: string;
  /** false when the credential's dealership is disabled. */
  active: boolean;
}

/** Port: the guard's view of stored credentials (implemented by the dealership context). */
export abstract class CredentialStore {
  abstract findByUsername(username: string): Promise<StoredCredential | null>;
}
