import { Injectable } from '@nestjs/common';
import { Page, PageRequest } from '../../../../libs/common/pagination/page';
import { CarSearchRepository, SearchHit, SearchNamesSource } from '../domain/search/car-search.repository';
import { FilterNode } from '../domain/search/filter-expression';
import { CompiledSearchNames, compileSearchNames, SortKey } from '../domain/search/nl-translator';
import { InventoryChanges } from '../domain/inventory-changes';
import { QueryTranslator } from '../domain/search/query-translator';

/** How long a dealership's compiled names are reused (the catalog may change under them); uploads here refresh them at once. */
const NAMES_TTL_MS = 30_000;

@Injectable()
export class TranslateSearchQueryUseCase {
  private readonly names = new Map<string, { compiled: CompiledSearchNames; expiresAt: number }>();
  /** Bumped by every inventory change: names compiled from an older read are not kept. */
  private readonly generations = new Map<string, number>();

  constructor(
    private readonly translator: QueryTranslator,
    private readonly namesSource: SearchNamesSource,
    changes: InventoryChanges,
  ) {
    changes.subscribe((dealerId) => {
      this.names.delete(dealerId);
      this.generations.set(dealerId, (this.generations.get(dealerId) ?? 0) + 1);
    });
  }

  async execute(dealerId: string, query: string): Promise<{ filter: FilterNode; sort: SortKey | null }> {
    return this.translator.translate(query, await this.namesFor(dealerId));
  }

  private async namesFor(dealerId: string): Promise<CompiledSearchNames> {
    const cached = this.names.get(dealerId);
    if (cached && cached.expiresAt > Date.now()) return cached.compiled;
    const generation = this.generations.get(dealerId) ?? 0;
    const compiled = compileSearchNames(await this.namesSource.namesFor(dealerId));
    if ((this.generations.get(dealerId) ?? 0) === generation) {
      if (this.names.size > 1000) this.names.clear();
      this.names.set(dealerId, { compiled, expiresAt: Date.now() + NAMES_TTL_MS });
    }
    return compiled;
  }
}

@Injectable()
export class SearchCarsUseCase {
  constructor(
    private readonly translate: TranslateSearchQueryUseCase,
    private readonly cars: CarSearchRepository,
  ) {}

  async execute(dealerId: string, query: string, page: PageRequest): Promise<Page<SearchHit>> {
    const { filter, sort } = await this.translate.execute(dealerId, query);
    const { rows, total } = await this.cars.search(dealerId, filter, sort, page);
    return { total_row_count: total, row_count: rows.length, rows };
  }
}
