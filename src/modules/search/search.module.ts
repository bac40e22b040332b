import { Logger, Module } from '@nestjs/common';
import { AppConfig } from '../../config/app-config';
import { CatalogModule } from '../catalog';
import { InventoryModule } from '../inventory';
import { CatalogAndStockSearchNames } from './adapters/catalog/search-names.source';
import { SearchController } from './adapters/http/search.controller';
import { InventoryContextCars } from './adapters/inventory/inventory-searchable-cars.adapter';
import { RuleBasedQueryTranslator } from './adapters/llm/rule-based-query-translator';
import { SearchCarsUseCase, TranslateSearchQueryUseCase } from './application/search-cars.use-case';
import { QueryTranslator } from './domain/query-translator';
import { SearchableCars } from './domain/searchable-cars';
import { SearchNamesSource } from './domain/search-names.source';

/**
 * Search: a dealership's new and used cars in plain language. Queries become filter expressions
 * (the built-in translator, or an LLM that falls back to it), run over the inventory context's
 * cars through SearchableCars; names come from the dealership's stock and the catalog.
 */
@Module({
  imports: [InventoryModule, CatalogModule],
  controllers: [SearchController],
  providers: [
    // The built-in translator, or an LLM (LLM_BASE_URL) that falls back to it.
    {
      provide: QueryTranslator,
      inject: [AppConfig],
      useFactory: async (config: AppConfig): Promise<QueryTranslator> => {
        const ruleBased = new RuleBasedQueryTranslator();
        if (!config.llm) return ruleBased;
        // Loaded only then: LangChain and the OpenAI client are a quarter of the modules a process would load.
        const { createLlmQueryTranslator } = await import('./adapters/llm/llm-query-translator.factory');
        const logger = new Logger('LlmQueryTranslator');
        return createLlmQueryTranslator(config.llm, ruleBased, {
          onFallback: (reason, detail) => logger.warn(`LLM translation fell back to the built-in translator (${reason}): ${detail}`),
        });
      },
    },
    { provide: SearchableCars, useClass: InventoryContextCars },
    { provide: SearchNamesSource, useClass: CatalogAndStockSearchNames },
    TranslateSearchQueryUseCase,
    SearchCarsUseCase,
  ],
  exports: [SearchCarsUseCase],
})
export class SearchModule {}
