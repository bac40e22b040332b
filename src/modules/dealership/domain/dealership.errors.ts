import { ConflictError, NotFoundError } from '../../../../libs/common/errors/domain-error';

export class DealershipNotFoundError extends NotFoundError {
  constructor(dealerId: string) {
    super(`Dealership ${dealerId} not found`, 'dealership.not_found');
  }
}

export class DealershipExistsError extends ConflictError {
  constructor(dealerId: string) {
    super(`Dealership ${dealerId} already exists`, 'dealership.exists');
  }
}
