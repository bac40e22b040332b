import { AsyncLocalStorage } from 'node:async_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { isDuplicateKey, isTransientTransactionError } from './database-errors';
import { inSqliteWriteTurn } from './sqlite-write-queue';
import { UnitOfWork, UnitOfWorkOptions } from './unit-of-work';

const current = new AsyncLocalStorage<EntityManager>();

/**
 * The entity manager a repository should use: the unit of work's transaction when the call runs
 * inside one (on the same database), else the repository's own.
 */
export function transactionalManager(own: EntityManager): EntityManager {
  const active = current.getStore();
  return active && active.connection === own.connection ? active : own;
}

const MAX_ATTEMPTS = 5;

/**
 * MySQL: READ COMMITTED, so a row another transaction has just committed (the winner of a
 * duplicate-key race) is visible to the loser's next read; deadlock victims are retried.
 * SQLite: TypeORM has one connection and one query runner, so a second transaction started while
 * one is open would become a SAVEPOINT inside it; units of work are therefore run one at a time
 * (the only place that knows it: repositories just write through the unit of work).
 */
@Injectable()
export class TypeOrmUnitOfWork extends UnitOfWork {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {
    super();
  }

  async run<T>(work: () => Promise<T>, options: UnitOfWorkOptions = {}): Promise<T> {
    const active = current.getStore();
    if (active && active.connection === this.dataSource) return work();
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.once(work);
      } catch (err) {
        const retriable = isTransientTransactionError(err) || (options.retryOnConflict === true && isDuplicateKey(err));
        if (attempt >= MAX_ATTEMPTS || !retriable) throw err;
        // Jitter, so the transactions that collided do not meet again in the same order.
        await sleep(5 * 2 ** attempt + Math.random() * 20);
      }
    }
  }

  private once<T>(work: () => Promise<T>): Promise<T> {
    if (this.dataSource.options.type === 'mysql') {
      return this.dataSource.transaction('READ COMMITTED', (manager) => current.run(manager, work));
    }
    return inSqliteWriteTurn(this.dataSource, () => this.dataSource.transaction((manager) => current.run(manager, work)));
  }
}
