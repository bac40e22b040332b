import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { EntityManager, LessThan, Repository } from 'typeorm';
import { isDuplicateKey } from '../../../../../libs/common/persistence/database-errors';
import { transactionalManager } from '../../../../../libs/common/persistence/typeorm-unit-of-work';
import { IdempotencyClaim, IdempotencyKeyRepository } from '../../domain/idempotency-key.repository';
import { IdempotencyKeyOrmEntity } from './idempotency-key.orm-entity';

@Injectable()
export class TypeOrmIdempotencyKeyRepository extends IdempotencyKeyRepository {
  constructor(@InjectRepository(IdempotencyKeyOrmEntity) private readonly rows: Repository<IdempotencyKeyOrmEntity>) {
    super();
  }

  private get m(): EntityManager {
    return transactionalManager(this.rows.manager);
  }

  async claim(c: IdempotencyClaim): Promise<{ requestHash: string } | null> {
    const { dealerId, key } = c;
    for (let round = 0; round < 3; round++) {
      try {
        await this.m.insert(IdempotencyKeyOrmEntity, { dealerId, key, requestHash: c.requestHash, messageId: null, createdAt: c.now });
        return null;
      } catch (err) {
        // Only the statement failed; the transaction goes on (MySQL and SQLite alike).
        if (!isDuplicateKey(err)) throw err;
      }
      const existing = await this.m.findOneBy(IdempotencyKeyOrmEntity, { dealerId, key });
      if (!existing) continue; // purged meanwhile: try again
      if (existing.createdAt.getTime() > c.now.getTime() - c.windowMs) return { requestHash: existing.requestHash };
      // Expired: only the claimant that deletes this very record gets to insert again.
      await this.m.delete(IdempotencyKeyOrmEntity, { dealerId, key, createdAt: existing.createdAt });
    }
    throw new Error(`could not claim idempotency key ${key} of ${dealerId}`);
  }

  async attachMessage(dealerId: string, key: string, messageId: string): Promise<void> {
    await this.m.update(IdempotencyKeyOrmEntity, { dealerId, key }, { messageId });
  }

  async purge(dealerId: string, before: Date): Promise<number> {
    const result = await this.m.delete(IdempotencyKeyOrmEntity, { dealerId, createdAt: LessThan(before) });
    return result.affected ?? 0;
  }
}
