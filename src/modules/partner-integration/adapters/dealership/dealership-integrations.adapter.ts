import { Injectable } from '@nestjs/common';
import { EnableIntegrationUseCase } from '../../../dealership';
import { DealershipIntegrations } from '../../domain/dealership-integrations';

/** The dealership context's public use case behind the webhook's port. */
@Injectable()
export class DealershipContextIntegrations extends DealershipIntegrations {
  constructor(private readonly enableIntegration: EnableIntegrationUseCase) {
    super();
  }

  enable(request: Parameters<DealershipIntegrations['enable']>[0]): ReturnType<DealershipIntegrations['enable']> {
    return this.enableIntegration.execute(request);
  }
}
