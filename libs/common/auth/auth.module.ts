import { DynamicModule, Global, Module, Type } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { BasicAuthGuard } from './basic-auth.guard';
import { BasicAuthenticator, BasicAuthSettings } from './basic-authenticator';
import { CredentialStore } from './principal';

/** Basic authentication for every route. */
@Global()
@Module({})
export class AuthModule {
  /** `credentialsModule` is the module that exports the CredentialStore binding. */
  static register(credentialsModule: Type, options: BasicAuthSettings): DynamicModule {
    return {
      module: AuthModule,
      imports: [credentialsModule],
      providers: [
        {
          provide: BasicAuthenticator,
          inject: [CredentialStore],
          useFactory: (store: CredentialStore) => new BasicAuthenticator(store, options),
        },
        { provide: APP_GUARD, useClass: BasicAuthGuard },
      ],
      exports: [BasicAuthenticator],
    };
  }
}
