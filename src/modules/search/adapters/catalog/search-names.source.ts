import { Injectable } from '@nestjs/common';
import { CatalogVocabulary } from '../../../catalog';
import { SearchableCars } from '../../domain/searchable-cars';
import { SearchNamesSource } from '../../domain/search-names.source';
import { SearchNames } from '../../domain/translator/nl-translator';

/**
 * Names search recognises: the dealership's own stock first (the translator prefers earlier
 * names, and a model the dealership stocks is known even if the catalog lacks it), then the catalog.
 */
@Injectable()
export class CatalogAndStockSearchNames extends SearchNamesSource {
  constructor(
    private readonly cars: SearchableCars,
    private readonly catalog: CatalogVocabulary,
  ) {
    super();
  }

  async namesFor(dealerId: string): Promise<SearchNames> {
    const [{ models: stocked, trims, withData }, manufacturers, catalogModels] = await Promise.all([
      this.cars.stockedNames(dealerId),
      this.catalog.listManufacturers(),
      this.catalog.listManufacturerModelNames(),
    ]);
    return {
      manufacturers: [...stocked.map((s) => ({ name: s.manufacturer })), ...manufacturers.map((m) => ({ name: m.name }))],
      models: [
        ...stocked.map((s) => ({ name: s.model, manufacturer: s.manufacturer, stocked: true, family: s.family })),
        ...catalogModels.map((m) => ({ name: m.model, manufacturer: m.manufacturer })),
      ],
      trims,
      // an empty stock answers nothing yet: read every condition (translate works before the first upload)
      withData: stocked.length ? withData : undefined,
    };
  }
}
