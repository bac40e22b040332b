import { Injectable } from '@nestjs/common';
import { UnitOfWork } from '../../../../libs/common/persistence/unit-of-work';
import { CatalogImportCounts } from '../domain/catalog';
import { fingerprint } from '../domain/catalog-content-hash';
import { readCatalogFile } from '../domain/catalog-file';
import { CatalogFileInvalidError } from '../domain/catalog.errors';
import { CatalogRepository } from '../domain/catalog.repository';

export interface CatalogImportResult extends CatalogImportCounts {
  duration_ms: number;
}

/**
 * `catalog import`: the whole file is checked before anything is written; then each manufacturer in
 * it gets exactly the file's model rows and trims, all in one transaction. Idempotent.
 */
@Injectable()
export class ImportCatalogUseCase {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly catalog: CatalogRepository,
  ) {}

  async execute(document: unknown): Promise<CatalogImportResult> {
    const started = Date.now();
    const file = readCatalogFile(document);
    if (!file.ok) throw new CatalogFileInvalidError(file.problems, file.totalProblems);
    const now = new Date();
    const counts = await this.unitOfWork.run(() => this.catalog.replaceManufacturers(file.catalog.map(fingerprint), now));
    return { ...counts, duration_ms: Date.now() - started };
  }
}
