import { Injectable } from '@nestjs/common';
import { generateSecret, generateUsername, hashSecret } from '../../../../libs/common/auth/secret-hash';
import { UnitOfWork } from '../../../../libs/common/persistence/unit-of-work';
import { ValidationError } from '../../../../libs/common/errors/domain-error';
import { slugify } from '../../../../libs/common/slug/slug';
import { CredentialRepository } from '../domain/credential.repository';
import { DEALER_ID_PATTERN, isRegionCode } from '../domain/dealership';
import { defaultDealershipProfile } from '../domain/dealership-profile';
import { DealershipExistsError } from '../domain/dealership.errors';
import { DealershipRepository } from '../domain/dealership.repository';

export interface IssuedDealerCredential {
  dealer_id: string;
  username: string;
  password: string;
}

/** A new key id and secret with its hash, made before any transaction (scrypt is slow). */
export async function newCredentialSecret(kind: 'dealer' | 'partner'): Promise<{ username: string; password: string; secretHash: string }> {
  const username = generateUsername(kind);
  const password = generateSecret();
  return { username, password, secretHash: await hashSecret(password) };
}

@Injectable()
export class CreateDealerUseCase {
  constructor(
    private readonly dealerships: DealershipRepository,
    private readonly credentials: CredentialRepository,
    private readonly unitOfWork: UnitOfWork,
  ) {}

  async execute(input: { name: string; id?: string; region?: string }): Promise<IssuedDealerCredential> {
    const name = input.name?.trim() ?? '';
    const id = input.id ?? slugify(name);
    const region = (input.region ?? 'US').toUpperCase();
    const problems = [
      ...(name ? [] : [{ field: 'name', errors: ['is required'] }]),
      ...(DEALER_ID_PATTERN.test(id) ? [] : [{ field: 'id', errors: ['must be a slug: lowercase letters and digits joined by hyphens'] }]),
      ...(isRegionCode(region) ? [] : [{ field: 'region', errors: ['must be an ISO 3166-1 alpha-2 country code such as CA or US'] }]),
    ];
    if (problems.length) throw new ValidationError('Invalid dealership', problems);

    const now = new Date();
    const secret = await newCredentialSecret('dealer');
    // The dealership and its first credential together, or neither.
    await this.unitOfWork.run(async () => {
      const created = await this.dealerships.create({
        id, name, region, status: 'active', profile: defaultDealershipProfile(), createdAt: now, updatedAt: now,
      });
      if (!created) throw new DealershipExistsError(id);
      await this.credentials.add({ username: secret.username, kind: 'dealer', dealerId: id, partnerId: null, secretHash: secret.secretHash });
    });
    return { dealer_id: id, username: secret.username, password: secret.password };
  }
}
