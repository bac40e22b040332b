import { Injectable } from '@nestjs/common';
import { UnitOfWork } from '../../../../libs/common/persistence/unit-of-work';
import { DeliveryAuditEntry } from '../domain/partner-delivery';
import { DeliveryAuditLog } from '../domain/partner-delivery.repository';

/**
 * Writes one audit record in a unit of work of its own, after the delivery's has ended: a refusal
 * or a rollback must not erase it.
 */
@Injectable()
export class RecordDeliveryAuditUseCase {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly audit: DeliveryAuditLog,
  ) {}

  execute(entry: DeliveryAuditEntry): Promise<void> {
    return this.unitOfWork.run(() => this.audit.record(entry));
  }
}
