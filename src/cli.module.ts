import { DynamicModule, Module } from '@nestjs/common';
import { AppConfig } from './config/app-config';
import { DemoModule } from './demo/demo.module';
import { CatalogModule } from './modules/catalog';
import { DealershipModule } from './modules/dealership';
import { EngagementModule } from './modules/engagement';
import { PartnerIntegrationModule } from './modules/partner-integration';
import { PlatformModule } from './platform.module';

/** Composition root of the command line (`src/cli.ts`): the use cases its commands call, no HTTP and no processors. */
@Module({})
export class CliModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: CliModule,
      imports: [PlatformModule.forRoot(config), DealershipModule, CatalogModule, EngagementModule, PartnerIntegrationModule, DemoModule],
    };
  }
}
