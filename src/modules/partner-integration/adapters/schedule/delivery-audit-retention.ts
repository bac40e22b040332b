import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { PurgeDeliveryAuditUseCase } from '../../application/purge-delivery-audit.use-case';

const EVERY_HOUR_MS = 60 * 60 * 1000;

/**
 * Keeps the delivery audit to its retention period: purges at start and then hourly, in the
 * processes whose root composes the worker. Several processes purging is harmless.
 */
@Injectable()
export class DeliveryAuditRetention implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly log = new Logger('PartnerWebhook');
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly purge: PurgeDeliveryAuditUseCase) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.purgeNow();
    this.timer = setInterval(() => void this.purgeNow(), EVERY_HOUR_MS);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  private async purgeNow(): Promise<void> {
    try {
      const purged = await this.purge.execute();
      if (purged > 0) this.log.log({ purged }, 'purged partner delivery audit records past retention');
    } catch (err) {
      this.log.error({ err }, 'could not purge the partner delivery audit');
    }
  }
}
