import { DynamicModule, Global, Module, Type } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { AppConfig } from '../../../src/config/app-config';
import { BasicAuthGuard } from './basic-auth.guard';
import { BasicAuthenticator } from './basic-authenticator';
import { CredentialStore } from './principal';

/** Basic authentication for every route. */
@Global()
@Module({})
export class AuthModule {
  /** `credentialsModule` is the module that exports the CredentialStore binding. */
  static register(credentialsModule: Type): DynamicModule {
    return {
      module: AuthModule,
      imports: [credentialsModule],
      providers: [
        {
          provide: BasicAuthenticator,
          inject: [CredentialStore, AppConfig],
          useFactory: (store: CredentialStore, config: AppConfig) => new BasicAuthenticator(store, config.auth),
        },
        { provide: APP_GUARD, useClass: BasicAuthGuard },
      ],
      exports: [BasicAuthenticator],
    };
  }
}
