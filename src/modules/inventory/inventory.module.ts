import { Module, OnModuleInit } from '@nestjs/common';
import { MulterModule } from '@nestjs/platform-express';
import { TypeOrmModule } from '@nestjs/typeorm';
import { OwnedUploadFiles, ownedUploadStorage, uploadFolder, UploadFolderModule } from './adapters/http/upload-folder';
import { DemoSeedRegistry } from '../../../libs/common/seed/demo-seed.registry';
import { AppConfig } from '../../config/app-config';
import { CatalogModule } from '../catalog';
import { DealershipModule } from '../dealership';
import { CatalogContextBodyTypes } from './adapters/catalog/catalog-body-types.adapter';
import { DealershipContextRegions } from './adapters/dealership/dealership-regions.adapter';
import { CatalogBodyTypes } from './domain/catalog-body-types';
import { DealershipRegions } from './domain/dealership-regions';
import { InventoryController } from './adapters/http/inventory.controller';
import { SnapshotCarSearch } from './adapters/persistence/snapshot-car-search';
import { TypeOrmCarSearchRepository } from './adapters/persistence/typeorm-car-search.repository';
import { UploadCleanupInterceptor } from './adapters/http/upload-cleanup.interceptor';
import { CarOrmEntity } from './adapters/persistence/car.orm-entity';
import { inventoryPersistenceProviders } from './adapters/persistence/inventory-persistence.providers';
import { TypeOrmCarInventoryRepository } from './adapters/persistence/typeorm-car-inventory.repository';
import { InventoryDemoSeeder } from './adapters/seed/inventory-demo.seeder';
import { DeleteNewInventoryUseCase } from './application/delete-new-inventory.use-case';
import { FindCarUseCase, InventoryStatisticsUseCase } from './application/find-car.use-case';
import { GetCarUseCase } from './application/get-car.use-case';
import { FilterCarsUseCase, StockedNamesUseCase } from './application/filter-cars.use-case';
import { ReplaceInventoryUseCase } from './application/replace-inventory.use-case';
import { CarInventoryRepository } from './domain/car-inventory.repository';
import { CarSearchRepository } from './domain/car-search.repository';
import { InventoryChanges } from './domain/inventory-changes';
import { StockedModelsReader } from './domain/stocked-models.reader';

/**
 * Inventory: new and used cars of each dealership, replaced whole from CSV/JSON feeds.
 * Other contexts read it through the use cases its index exports (search: FilterCarsUseCase,
 * StockedNamesUseCase and InventoryChanges), never through its table.
 */
@Module({
  imports: [
    TypeOrmModule.forFeature([CarOrmEntity]),
    DealershipModule,
    CatalogModule,
    UploadFolderModule,
    // Uploads are spooled to a temporary file, never buffered in memory; the size limit is a 413.
    MulterModule.registerAsync({
      imports: [UploadFolderModule],
      inject: [AppConfig, OwnedUploadFiles],
      useFactory: (config: AppConfig, owned: OwnedUploadFiles) => ({
        storage: ownedUploadStorage(uploadFolder(config.dataDir), owned),
        limits: { fileSize: config.limits.uploadBytes, files: 1, fields: 8, fieldSize: 64 * 1024, parts: 10 },
      }),
    }),
  ],
  controllers: [InventoryController],
  providers: [
    { provide: DealershipRegions, useClass: DealershipContextRegions },
    { provide: CatalogBodyTypes, useClass: CatalogContextBodyTypes },
    TypeOrmCarInventoryRepository,
    { provide: CarInventoryRepository, useExisting: TypeOrmCarInventoryRepository },
    { provide: StockedModelsReader, useExisting: TypeOrmCarInventoryRepository },
    ...inventoryPersistenceProviders,
    UploadCleanupInterceptor,
    { provide: InventoryChanges, useValue: new InventoryChanges() },
    ReplaceInventoryUseCase,
    DeleteNewInventoryUseCase,
    GetCarUseCase,
    FindCarUseCase,
    InventoryStatisticsUseCase,
    InventoryDemoSeeder,
    // Searches answer from an in-process column snapshot, and in SQL what it cannot answer.
    TypeOrmCarSearchRepository,
    SnapshotCarSearch,
    { provide: CarSearchRepository, useExisting: SnapshotCarSearch },
    FilterCarsUseCase,
    StockedNamesUseCase,
  ],
  exports: [FilterCarsUseCase, StockedNamesUseCase, InventoryChanges, FindCarUseCase, InventoryStatisticsUseCase],
})
export class InventoryModule implements OnModuleInit {
  constructor(
    private readonly seeds: DemoSeedRegistry,
    private readonly seeder: InventoryDemoSeeder,
  ) {}

  onModuleInit(): void {
    this.seeds.register(this.seeder);
  }
}
