import { DynamicModule, Global, Module, Type } from '@nestjs/common';
import { BasicAuthGuard } from './basic-auth.guard';
import { BasicAuthenticator, BasicAuthSettings } from './basic-authenticator';
import { CredentialRateLimit, RateLimitSettings } from './credential-rate-limit';
import { LimiterStore, LimiterStoreSettings } from './limiter-store';
import { CredentialStore } from './principal';

/**
 * Basic authentication and the per-credential rate limit. The composition root registers
 * `BasicAuthGuard` as the first global guard (ahead of the guards that must run after it).
 */
@Global()
@Module({})
export class AuthModule {
  /** `credentialsModule` is the module that exports the CredentialStore binding; counters live in `limits.redisUrl` when set. */
  static register(credentialsModule: Type, options: BasicAuthSettings, limits: RateLimitSettings & LimiterStoreSettings): DynamicModule {
    return {
      module: AuthModule,
      imports: [credentialsModule],
      providers: [
        { provide: LimiterStore, useFactory: () => new LimiterStore(limits) },
        {
          provide: BasicAuthenticator,
          inject: [CredentialStore, LimiterStore],
          useFactory: (store: CredentialStore, limiters: LimiterStore) => new BasicAuthenticator(store, options, limiters),
        },
        { provide: CredentialRateLimit, inject: [LimiterStore], useFactory: (limiters: LimiterStore) => new CredentialRateLimit(limits, limiters) },
        BasicAuthGuard,
      ],
      exports: [BasicAuthenticator, BasicAuthGuard, LimiterStore],
    };
  }
}
