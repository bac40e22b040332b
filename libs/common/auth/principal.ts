export type CredentialKind = 'dealer' | 'partner';

/**
 * The partner endpoints a partner's credentials may open, chosen when the partner is created
 * (decisions.md section 3: a partner credential opens only the endpoints it was issued for):
 * the credit-application webhook, the messaging engine's inbound calls.
 */
export const PARTNER_ENDPOINTS = ['credit-application', 'messaging'] as const;
export type PartnerEndpoint = (typeof PARTNER_ENDPOINTS)[number];

export const isPartnerEndpoint = (name: string): name is PartnerEndpoint => (PARTNER_ENDPOINTS as readonly string[]).includes(name);

/** Who is calling, as established by Basic authentication. */
export interface Principal {
  kind: CredentialKind;
  username: string;
  /** Set for dealer credentials. */
  dealerId: string | null;
  /** Set for partner credentials. */
  partnerId: string | null;
  /** What a partner credential opens; none for dealer credentials. */
  partnerEndpoints: readonly PartnerEndpoint[];
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
