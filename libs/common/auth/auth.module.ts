import { DynamicModule, Global, Module, Type } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { BasicAuthGuard } from './basic-auth.guard';
import { BasicAuthenticator, BasicAuthSettings } from './basic-authenticator';
import { CredentialRateLimit, RateLimitSettings } from './credential-rate-limit';
import { CredentialStore } from './principal';

/** Basic authentication and the per-credential rate limit for every route. */
@Global()
@Module({})
export class AuthModule {
  /** `credentialsModule` is the module that exports the CredentialStore binding. */
  static register(credentialsModule: Type, options: BasicAuthSettings, rateLimit: RateLimitSettings): DynamicModule {
    return {
      module: AuthModule,
      imports: [credentialsModule],
      providers: [
        {
          provide: BasicAuthenticator,
          inject: [CredentialStore],
          useFactory: (store: CredentialStore) => new BasicAuthenticator(store, options),
        },
        { provide: CredentialRateLimit, useFactory: () => new CredentialRateLimit(rateLimit) },
        { provide: APP_GUARD, useClass: BasicAuthGuard },
      ],
      exports: [BasicAuthenticator],
    };
  }
}
