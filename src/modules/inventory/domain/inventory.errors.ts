import {
  ConflictError, NotFoundError, PayloadTooLargeError, UnprocessableError, ValidationError,
} from '../../../../libs/common/errors/domain-error';
import { BulkInventoryResult } from './bulk-inventory-result';
import { CarCondition } from './car';

export class CarNotFoundError extends NotFoundError {
  constructor(vin: string, condition: CarCondition = 'used') {
    super(`No ${condition} car with VIN ${vin}`, 'inventory.car_not_found');
  }
}

/** More rows refused than the upload's maxFailedRatio allows: 422 with the result in details; nothing changed. */
export class TooManyFailedRowsError extends UnprocessableError {
  constructor(result: BulkInventoryResult, maxFailedRatio: number) {
    const total = result.num_inserts + result.num_failed_inserts;
    super(
      `${result.num_failed_inserts} of ${total} rows were refused, more than maxFailedRatio ${maxFailedRatio} allows; nothing was changed`,
      result,
      'inventory.too_many_failed_rows',
    );
  }
}

export class UploadInProgressError extends ConflictError {
  constructor() {
    super('An inventory upload is already running for this dealership; retry when it has finished', 'inventory.upload_in_progress');
  }
}

/** The file cannot be used at all (empty, not CSV/JSON, no VIN column): 400, nothing changes. */
export class UnusableFeedError extends ValidationError {
  constructor(reason: string) {
    super(`The uploaded file cannot be used: ${reason}`, [{ field: 'File', errors: [reason] }], 'inventory.unusable_file');
  }
}

export class InvalidColumnMappingsError extends ValidationError {
  constructor(errors: string[]) {
    super('columnMappings is invalid', [{ field: 'columnMappings', errors }], 'inventory.invalid_column_mappings');
  }
}

export class InvalidDelimiterError extends ValidationError {
  constructor(value: string) {
    super('Delimeter is invalid', [{ field: 'Delimeter', errors: [`"${value}" is not one character nor one of comma, semicolon, tab, pipe`] }], 'inventory.invalid_delimiter');
  }
}

export class TooManyRowsError extends PayloadTooLargeError {
  constructor(limit: number) {
    super(`The file has more than ${limit} rows`, { limit_rows: limit }, 'inventory.too_many_rows');
  }
}
