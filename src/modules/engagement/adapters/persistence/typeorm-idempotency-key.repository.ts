import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { EntityManager, LessThan, Repository } from 'typeorm';
import { isDuplicateKey } from '../../../../../libs/common/persistence/database-errors';
import { inSqliteWriteTurn } from '../../../../../libs/common/persistence/sqlite-write-queue';
import { transactionalManager } from '../../../../../libs/common/persistence/typeorm-unit-of-work';
import { UnitOfWork } from '../../../../../libs/common/persistence/unit-of-work';
import { IdempotencyClaim, IdempotencyKeyRepository, IdempotentOutcome } from '../../domain/idempotency-key.repository';
import { IdempotencyKeyOrmEntity } from './idempotency-key.orm-entity';

/** A transaction that lost a race on another unique key (a contact inserted concurrently) runs again. */
const RACE_RETRIES = 3;

@Injectable()
export class TypeOrmIdempotencyKeyRepository extends IdempotencyKeyRepository {
  constructor(
    @InjectRepository(IdempotencyKeyOrmEntity) private readonly rows: Repository<IdempotencyKeyOrmEntity>,
    private readonly unitOfWork: UnitOfWork,
  ) {
    super();
  }

  /**
   * The key row is inserted first: on MySQL a concurrent duplicate's insert waits on its primary
   * key until this transaction ends, then fails (a repeat) or succeeds (this one rolled back). On
   * SQLite units of work run one at a time. No key row is ever committed without its message.
   */
  async runOnce<T>(claim: IdempotencyClaim, work: () => Promise<{ messageId: string; result: T }>): Promise<IdempotentOutcome<T>> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.unitOfWork.run(async () => {
          const m = transactionalManager(this.rows.manager);
          const existing = await this.claimIn(m, claim);
          if (existing) return { status: 'repeat', requestHash: existing.requestHash };
          const { messageId, result } = await work();
          await m.update(IdempotencyKeyOrmEntity, { dealerId: claim.dealerId, key: claim.key }, { messageId });
          return { status: 'done', result };
        });
      } catch (err) {
        if (attempt < RACE_RETRIES && isDuplicateKey(err)) continue;
        throw err;
      }
    }
  }

  /** Inserts the key, or returns the live record that holds it (an expired one is replaced). */
  private async claimIn(m: EntityManager, c: IdempotencyClaim): Promise<IdempotencyKeyOrmEntity | null> {
    const { dealerId, key } = c;
    for (let round = 0; round < 3; round++) {
      try {
        await m.insert(IdempotencyKeyOrmEntity, { dealerId, key, requestHash: c.requestHash, messageId: null, createdAt: c.now });
        return null;
      } catch (err) {
        // Only the statement failed; the transaction goes on (MySQL and SQLite alike).
        if (!isDuplicateKey(err)) throw err;
      }
      const existing = await m.findOneBy(IdempotencyKeyOrmEntity, { dealerId, key });
      if (!existing) continue; // released or purged meanwhile: try again
      if (existing.createdAt.getTime() > c.now.getTime() - c.windowMs) return existing;
      // Expired: only the claimant that deletes this very record gets to insert again.
      await m.delete(IdempotencyKeyOrmEntity, { dealerId, key, createdAt: existing.createdAt });
    }
    throw new Error(`could not claim idempotency key ${key} of ${dealerId}`);
  }

  /** Each write outside a unit of work takes its SQLite turn: it must not vanish in another request's rollback. */
  private write<T>(task: () => Promise<T>): Promise<T> {
    return inSqliteWriteTurn(this.rows.manager.connection, task);
  }

  async release(dealerId: string, key: string): Promise<void> {
    await this.write(() => this.rows.delete({ dealerId, key }));
  }

  async purge(dealerId: string, before: Date): Promise<number> {
    const result = await this.write(() => this.rows.delete({ dealerId, createdAt: LessThan(before) }));
    return result.affected ?? 0;
  }
}
