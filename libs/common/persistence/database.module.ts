import { DynamicModule, Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DatabaseConfig, dataSourceOptions, SchemaSources } from './data-source-options';
import { TypeOrmUnitOfWork } from './typeorm-unit-of-work';
import { UnitOfWork } from './unit-of-work';

/**
 * The TypeORM connection of the configured dialect and the one UnitOfWork every context shares.
 * It never migrates: that is a deploy step (`migrateDatabase`), run before a process connects.
 */
@Global()
@Module({})
export class DatabaseModule {
  static forRoot(options: SchemaSources & { database: DatabaseConfig }): DynamicModule {
    return {
      module: DatabaseModule,
      imports: [
        TypeOrmModule.forRootAsync({
          useFactory: () => ({
            ...dataSourceOptions(options.database, options),
            autoLoadEntities: true,
            retryAttempts: options.database.kind === 'mysql' ? 3 : 0,
            retryDelay: 1000,
          }),
        }),
      ],
      providers: [{ provide: UnitOfWork, useClass: TypeOrmUnitOfWork }],
      exports: [UnitOfWork],
    };
  }
}
