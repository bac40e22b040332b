import { DynamicModule, Module } from '@nestjs/common';
import { AppConfig } from './config/app-config';
import { AssistantWorkerModule } from './modules/assistant';
import { EngagementWorkerModule } from './modules/engagement';
import { PartnerIntegrationWorkerModule } from './modules/partner-integration';
import { PlatformModule } from './platform.module';

/**
 * Composition root of the background work (`src/worker.ts`): the contexts' queue processors and
 * schedules, no HTTP. `npm start` composes it beside the API root unless RUN_WORKERS=false.
 */
@Module({})
export class WorkerModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: WorkerModule,
      imports: [PlatformModule.forRoot(config), EngagementWorkerModule, PartnerIntegrationWorkerModule, AssistantWorkerModule],
    };
  }
}
