import { Injectable } from '@nestjs/common';
import { UnitOfWork } from '../../../../libs/common/persistence/unit-of-work';
import { DealershipStatus } from '../domain/dealership';
import { DealershipNotFoundError } from '../domain/dealership.errors';
import { DealershipRepository } from '../domain/dealership.repository';

/** `dealer disable` / `dealer enable`: a disabled dealership's credentials get 403. */
@Injectable()
export class SetDealershipStatusUseCase {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly dealerships: DealershipRepository,
  ) {}

  async execute(dealerId: string, status: DealershipStatus): Promise<{ dealer_id: string; status: DealershipStatus }> {
    await this.unitOfWork.run(async () => {
      if (!(await this.dealerships.findById(dealerId))) throw new DealershipNotFoundError(dealerId);
      await this.dealerships.setStatus(dealerId, status);
    });
    return { dealer_id: dealerId, status };
  }
}
