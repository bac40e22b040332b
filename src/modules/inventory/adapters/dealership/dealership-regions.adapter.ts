import { Injectable } from '@nestjs/common';
import { FindDealershipUseCase } from '../../../dealership';
import { DealershipRegions } from '../../domain/dealership-regions';

/** The dealership context's public use case behind inventory's port. */
@Injectable()
export class DealershipContextRegions extends DealershipRegions {
  constructor(private readonly findDealership: FindDealershipUseCase) {
    super();
  }

  async regionOf(dealerId: string): Promise<string | null> {
    return (await this.findDealership.execute(dealerId))?.region ?? null;
  }
}
