import { FieldError, NotFoundError, ValidationError } from '../../../../libs/common/errors/domain-error';

export class ManufacturerNotFoundError extends NotFoundError {
  constructor(manufacturerId: string) {
    super(`Manufacturer ${manufacturerId} not found`, 'catalog.manufacturer_not_found');
  }
}

/** The catalog file was refused as a whole; `details` lists every problem with its JSON path. */
export class CatalogFileInvalidError extends ValidationError {
  constructor(problems: FieldError[], totalProblems: number) {
    const shown = problems.flatMap((p) => p.errors.map((e) => `${p.field}: ${e}`));
    const head = shown.slice(0, 5).join('; ');
    const more = totalProblems > 5 ? ` (and ${totalProblems - 5} more)` : '';
    super(`Catalog file rejected, nothing was imported: ${totalProblems} problem${totalProblems === 1 ? '' : 's'}: ${head}${more}`, problems, 'catalog.invalid_file');
  }
}
