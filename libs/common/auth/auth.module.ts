import { DynamicModule, Global, Module, Type } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { BasicAuthGuard } from './basic-auth.guard';
import { BasicAuthenticator, BasicAuthSettings } from './basic-authenticator';
import { CredentialRateLimit, RateLimitSettings } from './credential-rate-limit';
import { LimiterStore, LimiterStoreSettings } from './limiter-store';
import { CredentialStore } from './principal';

/** Basic authentication and the per-credential rate limit for every route. */
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
        { provide: APP_GUARD, useClass: BasicAuthGuard },
      ],
      exports: [BasicAuthenticator, LimiterStore],
    };
  }
}
