import { DynamicModule, Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DatabaseConfig, dataSourceOptions, SchemaSources } from './data-source-options';
import { TypeOrmUnitOfWork } from './typeorm-unit-of-work';
import { UnitOfWork } from './unit-of-work';

/** Connection refusals only an operator can fix: retrying them only delays the one line that says what to do. */
const OPERATOR_ERRORS = new Set(['ER_BAD_DB_ERROR', 'ER_ACCESS_DENIED_ERROR', 'ER_ACCESS_DENIED_NO_PASSWORD_ERROR', 'ER_DBACCESS_DENIED_ERROR']);

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
            // A database that is starting is worth waiting for; one that is missing or refuses the user is not.
            toRetry: (err: unknown) => !OPERATOR_ERRORS.has(String((err as { code?: unknown } | null)?.code)),
          }),
        }),
      ],
      providers: [{ provide: UnitOfWork, useClass: TypeOrmUnitOfWork }],
      exports: [UnitOfWork],
    };
  }
}
