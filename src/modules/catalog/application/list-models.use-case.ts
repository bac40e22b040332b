import { Injectable } from '@nestjs/common';
import { CatalogModel } from '../domain/catalog';
import { ManufacturerNotFoundError } from '../domain/catalog.errors';
import { CatalogRepository, ModelQuery } from '../domain/catalog.repository';

@Injectable()
export class ListModelsUseCase {
  constructor(private readonly catalog: CatalogRepository) {}

  /** An unknown manufacturer is a 404; a known one with no model in the region is an empty page. */
  async execute(manufacturerId: string, query: ModelQuery): Promise<{ rows: CatalogModel[]; total: number }> {
    // Ids are lower-case slugs; `Mercedes-Benz` finds `mercedes-benz`.
    const manufacturer = await this.catalog.findManufacturer(manufacturerId.toLowerCase());
    if (!manufacturer) throw new ManufacturerNotFoundError(manufacturerId);
    return this.catalog.listModels(manufacturer.id, query);
  }
}
