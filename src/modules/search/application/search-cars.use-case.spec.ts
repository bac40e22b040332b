import { and } from '../../../../libs/common/vehicle/filter-expression';
import { QueryTranslator } from '../domain/query-translator';
import { SearchableCars, StockedNames } from '../domain/searchable-cars';
import { SearchNamesSource } from '../domain/search-names.source';
import { CompiledSearchNames, SearchNames, Translation } from '../domain/translator/nl-translator';
import { TranslateSearchQueryUseCase } from './search-cars.use-case';

/** Counts reads per dealership; `hold()` keeps the next read pending until the returned release is called. */
class CountingNames extends SearchNamesSource {
  reads = 0;
  private gate: Promise<void> | null = null;
  async namesFor(dealerId: string): Promise<SearchNames> {
    this.reads++;
    if (this.gate) await this.gate;
    return { manufacturers: [{ name: `Maker ${dealerId}` }], models: [] };
  }
  hold(): () => void {
    let release!: () => void;
    this.gate = new Promise((resolve) => (release = resolve));
    return () => {
      this.gate = null;
      release();
    };
  }
}

/** No cars; `changed(dealerId)` tells the listeners as inventory would. */
class ChangingCars extends SearchableCars {
  private readonly listeners: ((dealerId: string) => void)[] = [];
  async search() {
    return { rows: [], total: 0 };
  }
  async nearest() {
    return [];
  }
  async stockedNames(): Promise<StockedNames> {
    return { models: [], trims: [], withData: [] };
  }
  onChange(listener: (dealerId: string) => void): void {
    this.listeners.push(listener);
  }
  changed(dealerId: string): void {
    this.listeners.forEach((l) => l(dealerId));
  }
}

/** Records the names each translation was given. */
class RecordingTranslator extends QueryTranslator {
  readonly seen: CompiledSearchNames[] = [];
  async translate(_query: string, names: CompiledSearchNames): Promise<Translation> {
    this.seen.push(names);
    return { filter: and(), sort: null, unusedTerms: [] };
  }
}

describe(TranslateSearchQueryUseCase.name, () => {
  let names: CountingNames;
  let translator: RecordingTranslator;
  let changes: ChangingCars;
  let useCase: TranslateSearchQueryUseCase;

  beforeEach(() => {
    jest.useFakeTimers();
    names = new CountingNames();
    translator = new RecordingTranslator();
    changes = new ChangingCars();
    useCase = new TranslateSearchQueryUseCase(translator, names, changes);
  });
  afterEach(() => jest.useRealTimers());

  it("reuses a dealership's compiled names for 30 s, then reads them again", async () => {
    await useCase.execute('a', 'suv');
    jest.advanceTimersByTime(29_999);
    await useCase.execute('a', 'red suv');
    expect(names.reads).toBe(1);
    expect(translator.seen[1]).toBe(translator.seen[0]);
    jest.advanceTimersByTime(2);
    await useCase.execute('a', 'suv');
    expect(names.reads).toBe(2);
  });

  it("reads the names again at once after the dealership's inventory changed, and only its names", async () => {
    await useCase.execute('a', 'suv');
    await useCase.execute('b', 'suv');
    changes.changed('a');
    await useCase.execute('a', 'suv');
    await useCase.execute('b', 'suv');
    expect(names.reads).toBe(3);
  });

  it('does not keep names read before a change that lands while they are compiled', async () => {
    const release = names.hold();
    const pending = useCase.execute('a', 'suv');
    changes.changed('a');
    release();
    await pending;
    await useCase.execute('a', 'suv');
    expect(names.reads).toBe(2);
  });

  it('keeps the names of 1,000 dealerships, dropping the least recently searched', async () => {
    for (let i = 0; i < 1000; i++) await useCase.execute(`d${i}`, 'suv');
    await useCase.execute('d0', 'suv'); // cached; d1 is now the least recently searched
    await useCase.execute('d1000', 'suv'); // evicts d1
    await useCase.execute('d0', 'suv');
    await useCase.execute('d2', 'suv');
    expect(names.reads).toBe(1001);
    await useCase.execute('d1', 'suv');
    expect(names.reads).toBe(1002);
  });
});
