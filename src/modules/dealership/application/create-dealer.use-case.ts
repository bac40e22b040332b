import { Injectable } from '@nestjs/common';
import { generateSecret, generateUsername, hashSecret } from '../../../../libs/common/auth/secret-hash';
import { ValidationError } from '../../../../libs/common/errors/domain-error';
import { slugify } from '../../../../libs/common/slug/slug';
import { CredentialRepository } from '../domain/credential.repository';
import { DEALER_ID_PATTERN, REGION_PATTERN } from '../domain/dealership';
import { defaultDealershipProfile } from '../domain/dealership-profile';
import { DealershipExistsError } from '../domain/dealership.errors';
import { DealershipRepository } from '../domain/dealership.repository';

export interface IssuedDealerCredential {
  dealer_id: string;
  username: string;
  password: string;
}

@Injectable()
export class CreateDealerUseCase {
  constructor(
    private readonly dealerships: DealershipRepository,
    private readonly credentials: CredentialRepository,
  ) {}

  async execute(input: { name: string; id?: string; region?: string }): Promise<IssuedDealerCredential> {
    const name = input.name?.trim() ?? '';
    const id = input.id ?? slugify(name);
    const region = (input.region ?? 'US').toUpperCase();
    const problems = [
      ...(name ? [] : [{ field: 'name', errors: ['is required'] }]),
      ...(DEALER_ID_PATTERN.test(id) ? [] : [{ field: 'id', errors: ['must be a slug: lowercase letters and digits joined by hyphens'] }]),
      ...(REGION_PATTERN.test(region) ? [] : [{ field: 'region', errors: ['must be a two-letter country code such as CA or US'] }]),
    ];
    if (problems.length) throw new ValidationError('Invalid dealership', problems);

    const now = new Date();
    const created = await this.dealerships.create({
      id, name, region, status: 'active', profile: defaultDealershipProfile(), createdAt: now, updatedAt: now,
    });
    if (!created) throw new DealershipExistsError(id);
    return this.issue(id);
  }

  /** A new dealer credential for an existing dealership. */
  async issue(dealerId: string): Promise<IssuedDealerCredential> {
    const username = generateUsername('dealer');
    const password = generateSecret();
    await this.credentials.add({ username, kind: 'dealer', dealerId, partnerId: null, secretHash: await hashSecret(password) });
    return { dealer_id: dealerId, username, password };
  }
}
