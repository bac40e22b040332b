import 'reflect-metadata';
import { DataSource } from 'typeorm';
import { loadConfig } from './src/config/app-config';
import { dataSourceOptions } from './libs/common/persistence/data-source-options';

/** The DataSource the migration CLI uses: the same dialect choice as the service (DATABASE_URL or SQLite). */
export default new DataSource(dataSourceOptions(loadConfig(process.env).database));
