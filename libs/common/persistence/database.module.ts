import { DynamicModule, Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DatabaseConfig, dataSourceOptions, SchemaSources } from './data-source-options';
import { isAccessDenied, isMissingDatabase } from './database-errors';
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
            // A database that is starting is worth waiting for; one that is missing or refuses the user is
            // not: only an operator can fix that, and retrying only delays the one line that says what to do.
            toRetry: (err: unknown) => !isMissingDatabase(err) && !isAccessDenied(err),
          }),
        }),
      ],
      providers: [{ provide: UnitOfWork, useClass: TypeOrmUnitOfWork }],
      exports: [UnitOfWork],
    };
  }
}
