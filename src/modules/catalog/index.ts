/** What other contexts (and the roots) may use of the catalog: its module, public use cases and read port. */
export { CatalogModule } from './catalog.module';
export { ImportCatalogUseCase } from './application/import-catalog.use-case';
export { LoadSeedCatalogUseCase } from './application/load-seed-catalog.use-case';
export { CatalogVocabulary } from './domain/catalog-vocabulary';
