import { SearchNames } from './translator/nl-translator';

/** Port: the manufacturer and model names search recognises for a dealership (its stock first, then the catalog). */
export abstract class SearchNamesSource {
  abstract namesFor(dealerId: string): Promise<SearchNames>;
}
