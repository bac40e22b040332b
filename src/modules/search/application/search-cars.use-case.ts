import { Injectable } from '@nestjs/common';
import { createTtlCache } from '../../../../libs/common/cache/ttl-cache';
import { Page, PageRequest, toPage } from '../../../../libs/common/pagination/page';
import { SortKey } from '../../../../libs/common/vehicle/car-attributes';
import { FilterNode } from '../../../../libs/common/vehicle/filter-expression';
import { QueryTranslator } from '../domain/query-translator';
import { SearchableCars, SearchHit } from '../domain/searchable-cars';
import { SearchNamesSource } from '../domain/search-names.source';
import { Criteria, refine, releasedAttributes } from '../domain/refine';
import { planSuggestions, Suggestion, toSuggestions } from '../domain/suggestions';
import { CompiledSearchNames, compileSearchNames, Translation } from '../domain/translator/nl-translator';

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

  async execute(dealerId: string, query: string): Promise<Translation> {
    return this.translator.translate(query, await this.namesFor(dealerId), { currentYear: new Date().getUTCFullYear() });
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

export type SearchAnswer = Page<SearchHit> & { suggestions: Suggestion[]; unused_terms: string[] };

@Injectable()
export class SearchCarsUseCase {
  constructor(
    private readonly translate: TranslateSearchQueryUseCase,
    private readonly cars: SearchableCars,
  ) {}

  /** The search answer of decisions.md section 4: the page, suggestions when nothing matched, and the words no condition used. */
  async execute(dealerId: string, query: string, page: PageRequest): Promise<SearchAnswer> {
    const { filter, sort, unusedTerms } = await this.translate.execute(dealerId, query);
    const found = await this.run(dealerId, filter, sort, page);
    return { ...found, suggestions: await this.suggestionsFor(dealerId, filter, sort, found.total_row_count), unused_terms: [...unusedTerms] };
  }

  /**
   * The assistant's search: the page, whether the query named anything the search understood (a
   * condition or an order; else it lists any cars), the order it used, and the closest cars when nothing matched.
   * `within`: earlier queries of a conversation this one refines ("what about silver?" after
   * "white RAV4s"), oldest first; each applies to the ones before it (refine()).
   */
  async search(dealerId: string, query: string, page: PageRequest, within: readonly string[] = []): Promise<{ page: Page<SearchHit>; understood: boolean; sort: SortKey | null; suggestions: Suggestion[] }> {
    const queries = [...within, query];
    const translations = await Promise.all(queries.map((q) => this.translate.execute(dealerId, q)));
    const asked = translations[translations.length - 1];
    // A follow-up that only lets a condition go ("any colour then") is understood too.
    const understood = asked.sort !== null || asked.filter.kind === 'comparison' || asked.filter.arguments.length > 0 || (within.length > 0 && releasedAttributes(query).length > 0);
    const { filter, sort } = translations.slice(1).reduce<Criteria>((earlier, later, i) => refine(earlier, later, releasedAttributes(queries[i + 1])), translations[0]);
    const found = await this.run(dealerId, filter, sort, page);
    return { page: found, understood, sort, suggestions: await this.suggestionsFor(dealerId, filter, sort, found.total_row_count) };
  }

  /** The closest cars to a filter that found none (`total` 0); none otherwise. */
  private async suggestionsFor(dealerId: string, filter: FilterNode, sort: SortKey | null, total: number): Promise<Suggestion[]> {
    const plan = total === 0 ? planSuggestions(filter) : null;
    return plan ? toSuggestions(plan, await this.cars.nearest(dealerId, plan.query, sort)) : [];
  }

  private async run(dealerId: string, filter: FilterNode, sort: SortKey | null, page: PageRequest): Promise<Page<SearchHit>> {
    const { rows, total } = await this.cars.search(dealerId, filter, sort, page);
    return toPage(rows, total, (row) => row);
  }
}
