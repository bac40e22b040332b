import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CatalogController } from './adapters/http/catalog.controller';
import {
  CatalogManufacturerOrmEntity, CatalogModelOrmEntity, CatalogModelRegionOrmEntity, CatalogTrimOrmEntity,
} from './adapters/persistence/catalog.orm-entity';
import { TypeOrmCatalogVocabulary } from './adapters/persistence/typeorm-catalog-vocabulary';
import { TypeOrmCatalogRepository } from './adapters/persistence/typeorm-catalog.repository';
import { ImportCatalogUseCase } from './application/import-catalog.use-case';
import { ListModelsUseCase } from './application/list-models.use-case';
import { LoadSeedCatalogUseCase } from './application/load-seed-catalog.use-case';
import { CatalogVocabulary } from './domain/catalog-vocabulary';
import { CatalogRepository } from './domain/catalog.repository';

/**
 * The system-wide manufacturer / model / trim catalog: its two endpoints, `catalog import`, the
 * seed loaded on first start, and the `CatalogVocabulary` read port that search consumes.
 */
@Module({
  imports: [TypeOrmModule.forFeature([CatalogManufacturerOrmEntity, CatalogModelOrmEntity, CatalogModelRegionOrmEntity, CatalogTrimOrmEntity])],
  controllers: [CatalogController],
  providers: [
    { provide: CatalogRepository, useClass: TypeOrmCatalogRepository },
    { provide: CatalogVocabulary, useClass: TypeOrmCatalogVocabulary },
    ImportCatalogUseCase,
    ListModelsUseCase,
    LoadSeedCatalogUseCase,
  ],
  exports: [CatalogVocabulary, ImportCatalogUseCase, LoadSeedCatalogUseCase],
})
export class CatalogModule {}
