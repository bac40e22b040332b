import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AppConfig } from '../../../src/config/app-config';
import { dataSourceOptions } from './data-source-options';

/** The TypeORM connection of the configured dialect; migrations run before the app serves. */
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
})
export class DatabaseModule {}
