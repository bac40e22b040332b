import { DynamicModule, Global, Module } from '@nestjs/common';
import { BodyLimit, SigningSecrets } from '../libs/common/auth/hmac-signature.guard';
import { MetricsModule } from '../libs/common/metrics/metrics.module';
import { LoggingModule } from '../libs/common/logging/logging.module';
import { DatabaseModule } from '../libs/common/persistence/database.module';
import { QueueModule } from '../libs/common/queue/queue.module';
import { SeedModule } from '../libs/common/seed/seed.module';
import { TracingModule } from '../libs/common/tracing/tracing.module';
import { AppConfig } from './config/app-config';
import { ConfigModule } from './config/config.module';
import { MIGRATIONS } from './migrations';
import { ASSISTANT_QUEUES } from './modules/assistant';
import { ENGAGEMENT_QUEUES } from './modules/engagement';

/** Every queue of every context; each process registers them all (producers and processors meet there). */
const QUEUES = [...ENGAGEMENT_QUEUES, ...ASSISTANT_QUEUES];

/** What the HTTP adapters need from configuration: the signing secrets of each signed integration and the body limit. */
@Global()
@Module({})
class HttpSettingsModule {
  static forRoot(config: AppConfig): DynamicModule {
    const secrets: Record<string, readonly string[]> = {
      partner: config.partnerSigningSecrets,
      messaging: config.messaging.engineSecret ? [config.messaging.engineSecret] : [],
    };
    return {
      module: HttpSettingsModule,
      providers: [
        { provide: SigningSecrets, useValue: { of: (integration: string) => secrets[integration] ?? [] } satisfies SigningSecrets },
        { provide: BodyLimit, useValue: { bytes: config.limits.bodyBytes } satisfies BodyLimit },
      ],
      exports: [SigningSecrets, BodyLimit],
    };
  }
}

const built = new WeakMap<AppConfig, DynamicModule>();

/**
 * What every process stands on: configuration, logs, the database, the queue port and the seed
 * registry. One instance per configuration, so the API and worker roots composed into one process
 * (the embedded default) share one connection and one queue.
 */
@Module({})
export class PlatformModule {
  static forRoot(config: AppConfig): DynamicModule {
    let module = built.get(config);
    if (!module) {
      module = {
        module: PlatformModule,
        imports: [
          // First: its shutdown (sending the last spans) then comes last (tracing.module.ts).
          TracingModule,
          ConfigModule.forRoot(config),
          LoggingModule.forRoot({ level: config.logLevel }),
          DatabaseModule.forRoot({ database: config.database, migrations: MIGRATIONS }),
          QueueModule.forRoot({ redisUrl: config.redisUrl, prefix: config.queuePrefix, queues: QUEUES }),
          MetricsModule.forRoot({ enabled: config.ops !== null }),
          SeedModule,
          HttpSettingsModule.forRoot(config),
        ],
      };
      built.set(config, module);
    }
    return module;
  }
}
