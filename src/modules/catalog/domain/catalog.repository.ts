import { PageRequest } from '../../../../libs/common/pagination/page';
import { CatalogImportCounts, CatalogModel, Manufacturer } from './catalog';
import { FingerprintedCatalog } from './catalog-content-hash';

export interface ModelQuery extends PageRequest {
  /** Upper-case region code, or null for every region. */
  region: string | null;
}

/** Port: the system-wide catalog (no dealer id: the same catalog for every dealership). */
export abstract class CatalogRepository {
  /** Ordered by name, then id. */
  abstract listManufacturers(page: PageRequest): Promise<{ rows: Manufacturer[]; total: number }>;
  abstract findManufacturer(id: string): Promise<Manufacturer | null>;
  /** A manufacturer's model rows with their trims, ordered by model name, year (newest first), id. */
  abstract listModels(manufacturerId: string, query: ModelQuery): Promise<{ rows: CatalogModel[]; total: number }>;
  abstract isEmpty(): Promise<boolean>;
  /**
   * Replaces the model rows and trims of each manufacturer in the list with the given ones, in the
   * caller's unit of work (all or nothing); manufacturers not in the list are left as they are. Rows
   * whose fingerprint is unchanged are not written.
   */
  abstract replaceManufacturers(catalogs: FingerprintedCatalog[], now: Date): Promise<CatalogImportCounts>;
}
