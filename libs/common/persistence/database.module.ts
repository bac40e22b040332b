import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AppConfig } from '../../../src/config/app-config';
import { dataSourceOptions } from './data-source-options';
import { TypeOrmUnitOfWork } from './typeorm-unit-of-work';
import { UnitOfWork } from './unit-of-work';

/**
 * The TypeORM connection of the configured dialect (migrations run before the app serves) and the
 * one UnitOfWork binding every context shares.
 */
@Global()
@Module({
  imports: [
    TypeOrmModule.forRootAsync({
      inject: [AppConfig],
      useFactory: (config: AppConfig) => ({
        ...dataSourceOptions(config.database),
        autoLoadEntities: true,
        migrationsRun: true,
        retryAttempts: config.database.kind === 'mysql' ? 3 : 0,
        retryDelay: 1000,
      }),
    }),
  ],
  providers: [{ provide: UnitOfWork, useClass: TypeOrmUnitOfWork }],
  exports: [UnitOfWork],
})
export class DatabaseModule {}
