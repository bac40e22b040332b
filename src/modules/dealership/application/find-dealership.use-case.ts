import { Injectable } from '@nestjs/common';
import { Dealership } from '../domain/dealership';
import { DealershipRepository } from '../domain/dealership.repository';

/** A dealership by id, or null (other contexts read its name, region and profile through their ports). */
@Injectable()
export class FindDealershipUseCase {
  constructor(private readonly dealerships: DealershipRepository) {}

  execute(dealerId: string): Promise<Dealership | null> {
    return this.dealerships.findById(dealerId);
  }
}
