import { Injectable } from '@nestjs/common';
import { CatalogVocabulary } from '../../../catalog';
import { CatalogBodyTypes, CatalogModelType } from '../../domain/catalog-body-types';

/** The catalog context's read port behind inventory's CatalogBodyTypes (served from its in-memory snapshot). */
@Injectable()
export class CatalogContextBodyTypes extends CatalogBodyTypes {
  constructor(private readonly catalog: CatalogVocabulary) {
    super();
  }

  async modelTypes(): Promise<CatalogModelType[]> {
    return (await this.catalog.listManufacturerModelNames()).map((m) => ({ manufacturer: m.manufacturer, model: m.model, type: m.type ?? null }));
  }
}
