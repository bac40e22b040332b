import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { LessThan, Repository } from 'typeorm';
import { isDuplicateKey } from '../../../../../libs/common/persistence/database-errors';
import { transactionalManager } from '../../../../../libs/common/persistence/typeorm-unit-of-work';
import { DeliveryAuditEntry, DeliveryOutcome } from '../../domain/partner-delivery';
import { AcceptedDelivery, DeliveryAuditLog, DeliveryLedger } from '../../domain/partner-delivery.repository';
import { DeliveryAuditOrmEntity, PartnerDeliveryOrmEntity } from './partner-delivery.orm-entity';

@Injectable()
export class TypeOrmDeliveryLedger extends DeliveryLedger {
  constructor(@InjectRepository(PartnerDeliveryOrmEntity) private readonly own: Repository<PartnerDeliveryOrmEntity>) {
    super();
  }

  async recordFirst(delivery: AcceptedDelivery): Promise<boolean> {
    try {
      // The primary key (partner_id, body_sha256) decides; on MySQL a concurrent insert of the
      // same key waits for the first transaction and then fails here, or succeeds if it rolled back.
      await transactionalManager(this.own.manager).getRepository(PartnerDeliveryOrmEntity).insert(delivery);
      return true;
    } catch (err) {
      if (isDuplicateKey(err)) return false;
      throw err;
    }
  }
}

/** Audit records: written in a unit of work of their own (RecordDeliveryAuditUseCase), so a delivery's rollback does not erase them. */
@Injectable()
export class TypeOrmDeliveryAuditLog extends DeliveryAuditLog {
  constructor(@InjectRepository(DeliveryAuditOrmEntity) private readonly rows: Repository<DeliveryAuditOrmEntity>) {
    super();
  }

  async record(entry: DeliveryAuditEntry): Promise<void> {
    await transactionalManager(this.rows.manager).insert(DeliveryAuditOrmEntity, {
      ...entry,
      username: clip(entry.username, 64),
      clientAddress: clip(entry.clientAddress, 64),
      requestId: clip(entry.requestId, 128),
      detail: clip(entry.detail, 500),
    });
  }

  async list(filter: { partnerId?: string; take: number }): Promise<DeliveryAuditEntry[]> {
    const rows = await this.rows.find({
      where: filter.partnerId ? { partnerId: filter.partnerId } : {},
      order: { receivedAt: 'DESC', id: 'DESC' },
      take: filter.take,
    });
    return rows.map((r) => ({
      receivedAt: r.receivedAt,
      partnerId: r.partnerId,
      username: r.username,
      clientAddress: r.clientAddress,
      requestId: r.requestId,
      outcome: r.outcome as DeliveryOutcome,
      status: r.status,
      reason: r.reason,
      detail: r.detail,
      bodySha256: r.bodySha256,
      dealerId: r.dealerId,
    }));
  }

  async purgeReceivedBefore(cutoff: Date): Promise<number> {
    const result = await transactionalManager(this.rows.manager).delete(DeliveryAuditOrmEntity, { receivedAt: LessThan(cutoff) });
    return result.affected ?? 0;
  }
}

/** Caller-supplied text (a username, an address) fits its column rather than failing the audit. */
function clip(value: string | null, max: number): string | null {
  return value === null ? null : value.slice(0, max);
}
