import { Provider } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AppConfig } from '../../../../config/app-config';
import { OwnedUploadFiles, uploadFolder } from '../http/upload-folder';
import { CarInventoryStore, InventoryUploadLock } from '../../domain/car-inventory.repository';
import { InProcessInventoryUploadLock, MySqlInventoryUploadLock } from './inventory-upload.locks';
import { MySqlCarInventoryStore } from './mysql-car-inventory.store';
import { SqliteCarInventoryStore } from './sqlite-car-inventory.store';

const isMySql = (dataSource: DataSource) => dataSource.options.type === 'mysql';

/** The bulk store and the upload lock of the connected dialect (the one place inventory knows both). */
export const inventoryPersistenceProviders: Provider[] = [
  {
    provide: CarInventoryStore,
    inject: [DataSource, AppConfig, OwnedUploadFiles],
    useFactory: (dataSource: DataSource, config: AppConfig, owned: OwnedUploadFiles) => (isMySql(dataSource) ? new MySqlCarInventoryStore(dataSource) : new SqliteCarInventoryStore(dataSource, uploadFolder(config.dataDir), owned)),
  },
  {
    provide: InventoryUploadLock,
    inject: [DataSource],
    useFactory: (dataSource: DataSource) => (isMySql(dataSource) ? new MySqlInventoryUploadLock(dataSource) : new InProcessInventoryUploadLock()),
  },
];
