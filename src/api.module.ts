import { DynamicModule, Module } from '@nestjs/common';
import { APP_FILTER, APP_GUARD, APP_PIPE } from '@nestjs/core';
import { AuthModule } from '../libs/common/auth/auth.module';
import { BasicAuthGuard } from '../libs/common/auth/basic-auth.guard';
import { HealthModule } from '../libs/common/health/health.module';
import { AllExceptionsFilter } from '../libs/common/http/all-exceptions.filter';
import { ContentTypeGuard } from '../libs/common/http/consumes';
import { createValidationPipe } from '../libs/common/http/validation';
import { AppConfig } from './config/app-config';
import { DemoModule } from './demo/demo.module';
import { AssistantModule } from './modules/assistant';
import { CatalogModule } from './modules/catalog';
import { ConversationsModule } from './modules/conversations';
import { DealershipModule } from './modules/dealership';
import { EngagementModule } from './modules/engagement';
import { InventoryModule } from './modules/inventory';
import { PartnerIntegrationModule } from './modules/partner-integration';
import { SearchModule } from './modules/search';
import { PlatformModule } from './platform.module';

/** The bounded contexts, each with its HTTP adapters. Add a context here (and to the worker root if it has processors). */
const CONTEXT_MODULES = [
  DealershipModule, CatalogModule, InventoryModule, SearchModule, ConversationsModule, EngagementModule, PartnerIntegrationModule, AssistantModule,
];

/** Composition root of the HTTP API (`src/main.ts`): every context's endpoints, Basic auth, the error model, health. */
@Module({})
export class ApiModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: ApiModule,
      imports: [
        PlatformModule.forRoot(config),
        AuthModule.register(DealershipModule, config.auth, { perMinute: config.rateLimitPerMinute, redisUrl: config.redisUrl, keyPrefix: config.queuePrefix }),
        ...CONTEXT_MODULES,
        DemoModule,
        HealthModule,
      ],
      providers: [
        // Global guards run in this order: credentials (401, 429), then the body's content type (415).
        { provide: APP_GUARD, useExisting: BasicAuthGuard },
        { provide: APP_GUARD, useClass: ContentTypeGuard },
        { provide: APP_FILTER, useClass: AllExceptionsFilter },
        { provide: APP_PIPE, useFactory: createValidationPipe },
      ],
    };
  }
}
