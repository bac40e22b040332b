import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { LessThan, Repository } from 'typeorm';
import { isDuplicateKey } from '../../../../../libs/common/persistence/database-errors';
import { inSqliteWriteTurn } from '../../../../../libs/common/persistence/sqlite-write-queue';
import { IdempotencyClaim, IdempotencyKeyRepository } from '../../domain/idempotency-key.repository';
import { IdempotencyKeyOrmEntity } from './idempotency-key.orm-entity';

@Injectable()
export class TypeOrmIdempotencyKeyRepository extends IdempotencyKeyRepository {
  constructor(@InjectRepository(IdempotencyKeyOrmEntity) private readonly rows: Repository<IdempotencyKeyOrmEntity>) {
    super();
  }

  /** Each write takes its SQLite turn: a claim must not vanish in another request's rollback. */
  private write<T>(task: () => Promise<T>): Promise<T> {
    return inSqliteWriteTurn(this.rows.manager.connection, task);
  }

  async claim(dealerId: string, key: string, requestHash: string, now: Date, windowMs: number): Promise<IdempotencyClaim> {
    return this.write(() => this.claimInTurn(dealerId, key, requestHash, now, windowMs));
  }

  private async claimInTurn(dealerId: string, key: string, requestHash: string, now: Date, windowMs: number): Promise<IdempotencyClaim> {
    for (let round = 0; round < 3; round++) {
      try {
        await this.rows.insert({ dealerId, key, requestHash, messageId: null, createdAt: now });
        return { status: 'claimed' };
      } catch (err) {
        if (!isDuplicateKey(err)) throw err;
      }
      const existing = await this.rows.findOneBy({ dealerId, key });
      if (!existing) continue; // released or purged meanwhile: try again
      if (existing.createdAt.getTime() > now.getTime() - windowMs) return { status: 'repeat', requestHash: existing.requestHash };
      // Expired: only the claimant that deletes this very record gets to insert again.
      await this.rows.delete({ dealerId, key, createdAt: existing.createdAt });
    }
    throw new Error(`could not claim idempotency key ${key} of ${dealerId}`);
  }

  async attachMessage(dealerId: string, key: string, messageId: string): Promise<void> {
    await this.write(() => this.rows.update({ dealerId, key }, { messageId }));
  }

  async release(dealerId: string, key: string): Promise<void> {
    await this.write(() => this.rows.delete({ dealerId, key }));
  }

  async purge(dealerId: string, before: Date): Promise<number> {
    const result = await this.write(() => this.rows.delete({ dealerId, createdAt: LessThan(before) }));
    return result.affected ?? 0;
  }
}
