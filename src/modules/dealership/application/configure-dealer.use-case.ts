import { Injectable } from '@nestjs/common';
import { ValidationError } from '../../../../libs/common/errors/domain-error';
import { UnitOfWork } from '../../../../libs/common/persistence/unit-of-work';
import { mergeProfile } from '../domain/dealership-profile';
import { DealershipNotFoundError } from '../domain/dealership.errors';
import { DealershipRepository } from '../domain/dealership.repository';
import { DealershipProfileView, GetDealershipProfileUseCase } from './get-dealership-profile.use-case';

/** `dealer configure`: deep-merges a partial profile into the stored one. */
@Injectable()
export class ConfigureDealerUseCase {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly dealerships: DealershipRepository,
    private readonly getProfile: GetDealershipProfileUseCase,
  ) {}

  async execute(dealerId: string, patch: unknown): Promise<DealershipProfileView> {
    // Read and write in one unit of work: a concurrent configure cannot slip in between.
    await this.unitOfWork.run(async () => {
      const dealership = await this.dealerships.findById(dealerId);
      if (!dealership) throw new DealershipNotFoundError(dealerId);
      const result = mergeProfile(dealership.profile, patch);
      if ('problems' in result) throw new ValidationError('Invalid dealership profile', result.problems);
      await this.dealerships.saveProfile(dealerId, result.profile);
    });
    return this.getProfile.execute(dealerId);
  }
}
