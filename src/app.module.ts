import { DynamicModule, Module, Type } from '@nestjs/common';
import { APP_FILTER, APP_INTERCEPTOR, APP_PIPE } from '@nestjs/core';
import { AuthModule } from '../libs/common/auth/auth.module';
import { HealthController } from '../libs/common/health/health.controller';
import { AllExceptionsFilter } from '../libs/common/http/all-exceptions.filter';
import { ContentTypeInterceptor } from '../libs/common/http/consumes';
import { createValidationPipe } from '../libs/common/http/validation';
import { LoggingModule } from '../libs/common/logging/logging.module';
import { DatabaseModule } from '../libs/common/persistence/database.module';
import { QueueModule } from '../libs/common/queue/queue.module';
import { SeedModule } from '../libs/common/seed/seed.module';
import { AppConfig } from './config/app-config';
import { ConfigModule } from './config/config.module';
import { DemoSetup } from './demo/demo-setup';
import { CatalogModule } from './modules/catalog/catalog.module';
import { ConversationsModule } from './modules/conversations/conversations.module';
import { DealershipModule } from './modules/dealership/dealership.module';
import { EngagementModule } from './modules/engagement/engagement.module';
import { InventoryModule } from './modules/inventory/inventory.module';
import { PartnerIntegrationModule } from './modules/partner-integration/partner-integration.module';

/** The bounded contexts. Each is self-contained: add a context here and nowhere else. */
const FEATURE_MODULES = [
  DealershipModule, CatalogModule, InventoryModule, ConversationsModule, EngagementModule, PartnerIntegrationModule,
];

@Module({})
export class AppModule {
  static forRoot(config: AppConfig, extraModules: Type[] = []): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(config),
        LoggingModule,
        DatabaseModule,
        QueueModule,
        SeedModule,
        AuthModule.register(DealershipModule),
        ...FEATURE_MODULES,
        ...extraModules,
      ],
      controllers: [HealthController],
      providers: [
        DemoSetup,
        { provide: APP_FILTER, useClass: AllExceptionsFilter },
        { provide: APP_PIPE, useFactory: createValidationPipe },
        { provide: APP_INTERCEPTOR, useClass: ContentTypeInterceptor },
      ],
    };
  }
}
