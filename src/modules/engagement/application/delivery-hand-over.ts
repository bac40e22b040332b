import { Injectable, Logger } from '@nestjs/common';
import { REQUEST_HAND_OVER_WAIT_MS, settledWithin } from '../../../../libs/common/queue/hand-over';
import { OutboundMessages } from '../domain/conversation-messages';
import { DeliveryJob, DeliveryScheduler } from '../domain/delivery-scheduler';
import { LeadNotifications } from '../domain/lead-notifications';

/**
 * The outbox's way out: hands a committed outbound message (or lead notification) to the delivery queue, then marks it
 * handed over. Used by the request that recorded the message (at once, waited for briefly) and by
 * the relay (every message that request could not hand over, and those the queue may have lost).
 */
@Injectable()
export class DeliveryHandOver {
  private readonly logger = new Logger(DeliveryHandOver.name);
  private readonly missed: (() => void)[] = [];

  constructor(
    private readonly messages: OutboundMessages,
    private readonly leads: LeadNotifications,
    private readonly scheduler: DeliveryScheduler,
  ) {}

  /** Rejects when the queue refuses; waits as long as the queue does (callers bound the wait). */
  async handOver(job: DeliveryJob, options: { again?: boolean } = {}): Promise<void> {
    await this.scheduler.schedule(job, options);
    if (job.kind === 'lead_notification') await this.leads.recordHandOver(job.dealerId, job.messageId, new Date());
    else await this.messages.recordHandOver(job.dealerId, job.messageId, new Date());
  }

  /**
   * A request's hand-over, after its commit: waited for at most REQUEST_HAND_OVER_WAIT_MS. One that
   * fails or is still running then wakes the relay; one still running goes on and marks the
   * message if it succeeds. Either way the message is the relay's until it is marked.
   */
  async afterCommit(job: DeliveryJob): Promise<boolean> {
    const attempt = this.handOver(job);
    attempt.catch((err: unknown) => {
      this.logger.warn({ err, dealer_id: job.dealerId, message_id: job.messageId }, 'could not hand the delivery to the queue now; the relay will');
    });
    const done = await settledWithin(attempt, REQUEST_HAND_OVER_WAIT_MS);
    if (!done) for (const wake of this.missed) wake();
    return done;
  }

  /** The relay of this process, when its root composes one, hears of every hand-over a request could not finish. */
  onMissed(wake: () => void): void {
    this.missed.push(wake);
  }
}
