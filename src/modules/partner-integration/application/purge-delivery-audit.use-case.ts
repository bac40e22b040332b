import { Injectable } from '@nestjs/common';
import { UnitOfWork } from '../../../../libs/common/persistence/unit-of-work';
import { auditRetentionCutoff } from '../domain/partner-delivery';
import { DeliveryAuditLog } from '../domain/partner-delivery.repository';

/** Deletes audit records past the retention period (30 days before `now`). */
@Injectable()
export class PurgeDeliveryAuditUseCase {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly audit: DeliveryAuditLog,
  ) {}

  execute(now: Date = new Date()): Promise<number> {
    return this.unitOfWork.run(() => this.audit.purgeReceivedBefore(auditRetentionCutoff(now)));
  }
}
