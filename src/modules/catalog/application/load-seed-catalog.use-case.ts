import * as fs from 'node:fs';
import * as path from 'node:path';
import { Injectable, Logger } from '@nestjs/common';
import { isDuplicateKey } from '../../../../libs/common/persistence/database-errors';
import { CatalogRepository } from '../domain/catalog.repository';
import { CatalogImportResult, ImportCatalogUseCase } from './import-catalog.use-case';

/** The shipped seed (`nest build` copies it next to the compiled module). */
export const SEED_CATALOG_FILE = path.join(__dirname, '..', 'seed', 'catalog.seed.json');

export type SeedCatalogOutcome = { loaded: false } | ({ loaded: true } & CatalogImportResult);

/** On start: an empty catalog gets the seed catalog; a catalog that has anything is left alone. */
@Injectable()
export class LoadSeedCatalogUseCase {
  private readonly logger = new Logger(LoadSeedCatalogUseCase.name);

  constructor(
    private readonly catalog: CatalogRepository,
    private readonly importCatalog: ImportCatalogUseCase,
  ) {}

  async execute(file = SEED_CATALOG_FILE): Promise<SeedCatalogOutcome> {
    if (!(await this.catalog.isEmpty())) return { loaded: false };
    try {
      const result = await this.importCatalog.execute(JSON.parse(fs.readFileSync(file, 'utf8')));
      this.logger.log(`loaded the seed catalog: ${result.manufacturers.inserted} manufacturers, ${result.models.inserted} model rows, ${result.trims.inserted} trims (${result.duration_ms} ms)`);
      return { loaded: true, ...result };
    } catch (err) {
      // Two instances starting together on one MySQL database: the other one loaded it.
      if (isDuplicateKey(err) && !(await this.catalog.isEmpty())) return { loaded: false };
      throw err;
    }
  }
}
