import { randomUUID } from 'node:crypto';
import { Logger, Module, OnModuleInit } from '@nestjs/common';
import { MulterModule } from '@nestjs/platform-express';
import { TypeOrmModule } from '@nestjs/typeorm';
import { diskStorage } from 'multer';
import { uploadFolder, UploadFolderSweeper } from './adapters/http/upload-folder';
import { DemoSeedRegistry } from '../../../libs/common/seed/demo-seed.registry';
import { AppConfig } from '../../config/app-config';
import { CatalogModule } from '../catalog';
import { DealershipModule } from '../dealership';
import { CatalogContextBodyTypes } from './adapters/catalog/catalog-body-types.adapter';
import { DealershipContextRegions } from './adapters/dealership/dealership-regions.adapter';
import { CatalogBodyTypes } from './domain/catalog-body-types';
import { DealershipRegions } from './domain/dealership-regions';
import { InventoryController } from './adapters/http/inventory.controller';
import { SearchController } from './adapters/http/search.controller';
import { createLlmQueryTranslator } from './adapters/llm/llm-query-translator.factory';
import { RuleBasedQueryTranslator } from './adapters/llm/rule-based-query-translator';
import { CatalogAndStockSearchNames } from './adapters/persistence/search-names.source';
import { TypeOrmCarSearchRepository } from './adapters/persistence/typeorm-car-search.repository';
import { UploadCleanupInterceptor } from './adapters/http/upload-cleanup.interceptor';
import { CarOrmEntity } from './adapters/persistence/car.orm-entity';
import { inventoryPersistenceProviders } from './adapters/persistence/inventory-persistence.providers';
import { TypeOrmCarInventoryRepository } from './adapters/persistence/typeorm-car-inventory.repository';
import { InventoryDemoSeeder } from './adapters/seed/inventory-demo.seeder';
import { DeleteNewInventoryUseCase } from './application/delete-new-inventory.use-case';
import { FindCarUseCase, InventoryStatisticsUseCase } from './application/find-car.use-case';
import { GetCarUseCase } from './application/get-car.use-case';
import { ReplaceInventoryUseCase } from './application/replace-inventory.use-case';
import { SearchCarsUseCase, TranslateSearchQueryUseCase } from './application/search-cars.use-case';
import { CarInventoryRepository } from './domain/car-inventory.repository';
import { CarSearchRepository, SearchNamesSource } from './domain/search/car-search.repository';
import { QueryTranslator } from './domain/search/query-translator';
import { InventoryChanges } from './domain/inventory-changes';
import { StockedModelsReader } from './domain/stocked-models.reader';

/**
 * Inventory: new and used cars of each dealership, replaced whole from CSV/JSON feeds.
 * Other contexts read it through StockedModelsReader (exported) or the inventory_cars table.
 * Natural-language search over both conditions lives here too: it reads this context's table.
 */
@Module({
  imports: [
    TypeOrmModule.forFeature([CarOrmEntity]),
    DealershipModule,
    CatalogModule,
    // Uploads are spooled to a temporary file, never buffered in memory; the size limit is a 413.
    MulterModule.registerAsync({
      inject: [AppConfig],
      useFactory: (config: AppConfig) => ({
        storage: diskStorage({ destination: uploadFolder(config.dataDir), filename: (_req, _file, done) => done(null, `inventory-upload-${randomUUID()}`) }),
        limits: { fileSize: config.limits.uploadBytes, files: 1, fields: 8, fieldSize: 64 * 1024, parts: 10 },
      }),
    }),
  ],
  controllers: [InventoryController, SearchController],
  providers: [
    { provide: DealershipRegions, useClass: DealershipContextRegions },
    { provide: CatalogBodyTypes, useClass: CatalogContextBodyTypes },
    TypeOrmCarInventoryRepository,
    { provide: CarInventoryRepository, useExisting: TypeOrmCarInventoryRepository },
    { provide: StockedModelsReader, useExisting: TypeOrmCarInventoryRepository },
    ...inventoryPersistenceProviders,
    UploadCleanupInterceptor,
    UploadFolderSweeper,
    { provide: InventoryChanges, useValue: new InventoryChanges() },
    ReplaceInventoryUseCase,
    DeleteNewInventoryUseCase,
    GetCarUseCase,
    FindCarUseCase,
    InventoryStatisticsUseCase,
    InventoryDemoSeeder,
    // Search: the built-in translator, or an LLM (LLM_BASE_URL) that falls back to it.
    {
      provide: QueryTranslator,
      inject: [AppConfig],
      useFactory: (config: AppConfig): QueryTranslator => {
        const ruleBased = new RuleBasedQueryTranslator();
        if (!config.llm) return ruleBased;
        const logger = new Logger('LlmQueryTranslator');
        return createLlmQueryTranslator(config.llm, ruleBased, {
          onFallback: (reason, detail) => logger.warn(`LLM translation fell back to the built-in translator (${reason}): ${detail}`),
        });
      },
    },
    { provide: CarSearchRepository, useClass: TypeOrmCarSearchRepository },
    { provide: SearchNamesSource, useClass: CatalogAndStockSearchNames },
    TranslateSearchQueryUseCase,
    SearchCarsUseCase,
  ],
  exports: [SearchCarsUseCase, FindCarUseCase, InventoryStatisticsUseCase],
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
