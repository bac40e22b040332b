import { Injectable } from '@nestjs/common';
import { createTtlCache } from '../../../../libs/common/cache/ttl-cache';
import { Page, PageRequest, toPage } from '../../../../libs/common/pagination/page';
import { SortKey } from '../../../../libs/common/vehicle/car-attributes';
import { FilterNode } from '../../../../libs/common/vehicle/filter-expression';
import { QueryTranslator } from '../domain/query-translator';
import { SearchableCars, SearchHit } from '../domain/searchable-cars';
import { SearchNamesSource } from '../domain/search-names.source';
import { CompiledSearchNames, compileSearchNames } from '../domain/translator/nl-translator';

/** How long a dealership's compiled names are reused (the catalog may change under them); uploads here refresh them at once. */
const NAMES_TTL_MS = 30_000;
/** Dealerships whose compiled names are kept (the least recently searched go first). */
const NAMES_MAX_ENTRIES = 1000;

@Injectable()
export class TranslateSearchQueryUseCase {
  private readonly names = createTtlCache<string, CompiledSearchNames>({ max: NAMES_MAX_ENTRIES, ttlMs: NAMES_TTL_MS });
  /** Bumped by every inventory change: names compiled from an older read are not kept. */
  private readonly generations = new Map<string, number>();

  constructor(
    private readonly translator: QueryTranslator,
    private readonly namesSource: SearchNamesSource,
    cars: SearchableCars,
  ) {
    cars.onChange((dealerId) => {
      this.names.delete(dealerId);
      this.generations.set(dealerId, (this.generations.get(dealerId) ?? 0) + 1);
    });
  }

  async execute(dealerId: string, query: string): Promise<{ filter: FilterNode; sort: SortKey | null }> {
    return this.translator.translate(query, await this.namesFor(dealerId));
  }

  private async namesFor(dealerId: string): Promise<CompiledSearchNames> {
    const cached = this.names.get(dealerId);
    if (cached) return cached;
    const generation = this.generations.get(dealerId) ?? 0;
    const compiled = compileSearchNames(await this.namesSource.namesFor(dealerId));
    if ((this.generations.get(dealerId) ?? 0) === generation) this.names.set(dealerId, compiled);
    return compiled;
  }
}

@Injectable()
export class SearchCarsUseCase {
  constructor(
    private readonly translate: TranslateSearchQueryUseCase,
    private readonly cars: SearchableCars,
  ) {}

  async execute(dealerId: string, query: string, page: PageRequest): Promise<Page<SearchHit>> {
    return (await this.search(dealerId, query, page)).page;
  }

  /** The page, and whether the query named anything the search understood (a condition or an order): else it lists any cars. */
  async search(dealerId: string, query: string, page: PageRequest): Promise<{ page: Page<SearchHit>; understood: boolean }> {
    const { filter, sort } = await this.translate.execute(dealerId, query);
    const { rows, total } = await this.cars.search(dealerId, filter, sort, page);
    const understood = sort !== null || filter.kind === 'comparison' || filter.arguments.length > 0;
    return { page: toPage(rows, total, (row) => row), understood };
  }
}
