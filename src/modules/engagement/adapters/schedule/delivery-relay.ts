import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { DeliveryHandOver } from '../../application/delivery-hand-over';
import { RelayDeliveriesUseCase } from '../../application/relay-deliveries.use-case';

/** A round every 2 s, whatever happens. */
const POLL_MS = 2000;
/** Woken rounds (a request could not hand over) start at least this far apart. */
const WAKE_GAP_MS = 500;

/**
 * Runs the outbox relay in every process whose root composes the worker (the API on the embedded
 * default, else `npm run start:worker`): a round at start (what a killed process left behind),
 * every 2 s, and soon after a request of this process could not hand its message over. Several
 * relays side by side are harmless: a message has one job, and delivery never sends twice.
 */
@Injectable()
export class DeliveryRelay implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('DeliveryRelay');
  private readonly startedAt = new Date();
  private timer: NodeJS.Timeout | null = null;
  private wakeTimer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private lastRound = 0;
  private stopped = false;

  constructor(
    private readonly relay: RelayDeliveriesUseCase,
    handOver: DeliveryHandOver,
  ) {
    handOver.onMissed(() => this.wake());
  }

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => this.round(false), POLL_MS);
    this.timer.unref();
    this.round(false);
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    if (this.wakeTimer) clearTimeout(this.wakeTimer);
    await this.running;
  }

  private wake(): void {
    if (this.wakeTimer || this.stopped) return;
    this.wakeTimer = setTimeout(() => {
      this.wakeTimer = null;
      // A round already running may have read the outbox before this message was committed: one more after it.
      if (this.running) void this.running.then(() => this.round(true));
      else this.round(true);
    }, Math.max(0, this.lastRound + WAKE_GAP_MS - Date.now()));
    this.wakeTimer.unref();
  }

  private round(urgent: boolean): void {
    if (this.running || this.stopped) return;
    this.lastRound = Date.now();
    this.running = this.relay.execute({ queueSince: this.startedAt, urgent })
      .then(({ handedOver, queueAnswered }) => {
        if (handedOver > 0) this.logger.log({ handed_over: handedOver }, 'outbound messages handed to the delivery queue');
        if (!queueAnswered) this.logger.warn('the delivery queue does not answer; the relay tries again in 2 s');
      })
      .catch((err: unknown) => this.logger.warn({ err }, 'delivery relay round failed; the next one retries'))
      .finally(() => {
        this.running = null;
      });
  }
}
