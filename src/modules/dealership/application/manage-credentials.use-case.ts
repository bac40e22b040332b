import { Injectable } from '@nestjs/common';
import { ConflictError, NotFoundError, ValidationError } from '../../../../libs/common/errors/domain-error';
import { isPartnerEndpoint, PARTNER_ENDPOINTS, PartnerEndpoint } from '../../../../libs/common/auth/principal';
import { UnitOfWork } from '../../../../libs/common/persistence/unit-of-work';
import { slugify } from '../../../../libs/common/slug/slug';
import { CredentialRepository, PartnerRepository } from '../domain/credential.repository';
import { DealershipNotFoundError } from '../domain/dealership.errors';
import { DealershipRepository } from '../domain/dealership.repository';
import { IssuedDealerCredential, newCredentialSecret } from './create-dealer.use-case';

/** `credentials rotate|revoke` and `partner create`. */
@Injectable()
export class ManageCredentialsUseCase {
  constructor(
    private readonly dealerships: DealershipRepository,
    private readonly credentials: CredentialRepository,
    private readonly partners: PartnerRepository,
    private readonly unitOfWork: UnitOfWork,
  ) {}

  /** Revokes the dealership's credentials and issues a new one, atomically: never none left. */
  async rotate(dealerId: string): Promise<IssuedDealerCredential> {
    if (!(await this.dealerships.findById(dealerId))) throw new DealershipNotFoundError(dealerId);
    const secret = await newCredentialSecret('dealer');
    await this.unitOfWork.run(async () => {
      await this.credentials.revokeForDealer(dealerId);
      await this.credentials.add({ username: secret.username, kind: 'dealer', dealerId, partnerId: null, secretHash: secret.secretHash });
    });
    return { dealer_id: dealerId, username: secret.username, password: secret.password };
  }

  async revoke(username: string): Promise<{ username: string; revoked: true }> {
    if (!(await this.credentials.revoke(username))) throw new NotFoundError(`No active credential ${username}`, 'credential.not_found');
    return { username, revoked: true };
  }

  /** A partner and its credential, which opens only `endpoints` (decisions.md section 3); the credit-application webhook by default. */
  async createPartner(name: string, endpoints: readonly string[] = ['credit-application']): Promise<{ partner_id: string; username: string; password: string; endpoints: PartnerEndpoint[] }> {
    const id = slugify(name ?? '');
    if (!id) throw new ValidationError('Invalid partner', [{ field: 'name', errors: ['is required'] }]);
    const opens = partnerEndpoints(endpoints);
    const secret = await newCredentialSecret('partner');
    // The partner and its credential together: a failed credential must not strand the partner.
    await this.unitOfWork.run(async () => {
      if (!(await this.partners.create({ id, name: name.trim(), endpoints: opens, createdAt: new Date() }))) throw new ConflictError(`Partner ${id} already exists`, 'partner.exists');
      await this.credentials.add({ username: secret.username, kind: 'partner', dealerId: null, partnerId: id, secretHash: secret.secretHash });
    });
    return { partner_id: id, username: secret.username, password: secret.password, endpoints: opens };
  }

  /** What a partner's credentials open from now on (within the credential cache's 60 s): narrows partners made before the choice existed. */
  async setPartnerEndpoints(partnerId: string, endpoints: readonly string[]): Promise<{ partner_id: string; endpoints: PartnerEndpoint[] }> {
    const opens = partnerEndpoints(endpoints);
    if (!(await this.partners.setEndpoints(partnerId, opens))) throw new NotFoundError(`No partner ${partnerId}`, 'partner.not_found');
    return { partner_id: partnerId, endpoints: opens };
  }
}

/** The endpoints named, in PARTNER_ENDPOINTS' order; one or more, each known. */
function partnerEndpoints(endpoints: readonly string[]): PartnerEndpoint[] {
  const unknown = endpoints.filter((e) => !isPartnerEndpoint(e));
  if (endpoints.length === 0 || unknown.length > 0) {
    throw new ValidationError('Invalid partner', [{ field: 'endpoints', errors: [`must be one or more of ${PARTNER_ENDPOINTS.join(', ')}${unknown.length ? `; unknown: ${unknown.join(', ')}` : ''}`] }]);
  }
  return PARTNER_ENDPOINTS.filter((e) => endpoints.includes(e));
}
