import { ConflictError } from '../../../../libs/common/errors/domain-error';

export class IdempotencyKeyReusedError extends ConflictError {
  constructor() {
    super('This Idempotency-Key was used within 24 hours for a different request', 'engagement.idempotency_key_reused');
  }
}
