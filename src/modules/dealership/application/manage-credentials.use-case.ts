import { Injectable } from '@nestjs/common';
import { generateSecret, generateUsername, hashSecret } from '../../../../libs/common/auth/secret-hash';
import { ConflictError, NotFoundError, ValidationError } from '../../../../libs/common/errors/domain-error';
import { slugify } from '../../../../libs/common/slug/slug';
import { CredentialRepository, PartnerRepository } from '../domain/credential.repository';
import { DealershipNotFoundError } from '../domain/dealership.errors';
import { DealershipRepository } from '../domain/dealership.repository';
import { CreateDealerUseCase, IssuedDealerCredential } from './create-dealer.use-case';

/** `credentials rotate|revoke` and `partner create`. */
@Injectable()
export class ManageCredentialsUseCase {
  constructor(
    private readonly dealerships: DealershipRepository,
    private readonly credentials: CredentialRepository,
    private readonly partners: PartnerRepository,
    private readonly createDealer: CreateDealerUseCase,
  ) {}

  /** Revokes the dealership's credentials and issues a new one. */
  async rotate(dealerId: string): Promise<IssuedDealerCredential> {
    if (!(await this.dealerships.findById(dealerId))) throw new DealershipNotFoundError(dealerId);
    await this.credentials.revokeForDealer(dealerId);
    return this.createDealer.issue(dealerId);
  }

  async revoke(username: string): Promise<{ username: string; revoked: true }> {
    if (!(await this.credentials.revoke(username))) throw new NotFoundError(`No active credential ${username}`, 'credential.not_found');
    return { username, revoked: true };
  }

  async createPartner(name: string): Promise<{ partner_id: string; username: string; password: string }> {
    const id = slugify(name ?? '');
    if (!id) throw new ValidationError('Invalid partner', [{ field: 'name', errors: ['is required'] }]);
    if (!(await this.partners.create({ id, name: name.trim(), createdAt: new Date() }))) throw new ConflictError(`Partner ${id} already exists`, 'partner.exists');
    const username = generateUsername('partner');
    const password = generateSecret();
    await this.credentials.add({ username, kind: 'partner', dealerId: null, partnerId: id, secretHash: await hashSecret(password) });
    return { partner_id: id, username, password };
  }
}
