import { Injectable } from '@nestjs/common';
import { FindDealershipUseCase } from '../../../dealership';
import { DealershipDirectory, DealershipSummary } from '../../domain/dealership-directory';

/** The dealership context's public use case, in engagement's words. */
@Injectable()
export class DealershipContextDirectory extends DealershipDirectory {
  constructor(private readonly findDealership: FindDealershipUseCase) {
    super();
  }

  async find(dealerId: string): Promise<DealershipSummary | null> {
    const dealership = await this.findDealership.execute(dealerId);
    if (!dealership) return null;
    return {
      id: dealership.id,
      name: dealership.name,
      region: dealership.region,
      outboundEmail: dealership.profile.reach_settings.email_outbound_address || null,
      phone: dealership.profile.phone_num[0]?.value || null,
    };
  }
}
