import { Injectable } from '@nestjs/common';
import { HealthIndicatorResult, HealthIndicatorService } from '@nestjs/terminus';
import { JobQueue } from '../queue/job-queue';

/** Terminus indicator for the JobQueue port: up when `ping()` answers (Redis for Bull, open for in-process). */
@Injectable()
export class QueueHealthIndicator {
  constructor(
    private readonly health: HealthIndicatorService,
    private readonly queue: JobQueue,
  ) {}

  async pingCheck<const Key extends string>(key: Key): Promise<HealthIndicatorResult<Key>> {
    const check = this.health.check(key);
    const ok = await this.queue.ping().catch(() => false);
    return ok ? check.up() : check.down({ message: 'the queue did not answer a ping' });
  }
}
