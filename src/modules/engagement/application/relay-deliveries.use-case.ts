import { Injectable, Logger } from '@nestjs/common';
import { handAgainBefore, settledWithin } from '../../../../libs/common/queue/hand-over';
import { OutboundMessages } from '../domain/conversation-messages';
import { DeliveryJob } from '../domain/delivery-scheduler';
import { LeadNotifications } from '../domain/lead-notifications';
import { DeliveryHandOver } from './delivery-hand-over';

const BATCH = 100;
/** Batches per round at most, so a large backlog does not hold one round for long. */
const MAX_BATCHES = 20;
/** A message younger than this that was never handed over is still its request's (which waits far less). */
const REQUEST_GRACE_MS = 2000;
/** A hand-over that takes longer means the queue does not answer: the round stops there. */
const HAND_OVER_TIMEOUT_MS = 2000;

export interface RelayRound {
  now?: Date;
  /**
   * Jobs handed over before this may be gone (the in-process queue forgets its jobs when its process
   * stops): the relay passes the time it started, so what a killed process handed over is handed again.
   */
  queueSince: Date;
  /** Woken by a request that could not hand over: its young message too, without the grace. */
  urgent?: boolean;
}

/**
 * The outbox relay's round (decisions.md section 10): hands the delivery queue every committed
 * outbound message not handed over yet, and again those still waiting long after their hand-over
 * (or handed to a queue that has since lost them). Handing over twice is harmless: one job per
 * message, and delivery skips a message already sent. Stops at the first hand-over the queue does
 * not take, leaving the rest for the next round.
 */
@Injectable()
export class RelayDeliveriesUseCase {
  private readonly logger = new Logger('DeliveryRelay');

  constructor(
    private readonly messages: OutboundMessages,
    private readonly leads: LeadNotifications,
    private readonly handOver: DeliveryHandOver,
  ) {}

  async execute(round: RelayRound): Promise<{ handedOver: number; queueAnswered: boolean }> {
    const now = round.now ?? new Date();
    const cutoffs = {
      recordedBefore: round.urgent ? now : new Date(now.getTime() - REQUEST_GRACE_MS),
      handedOverBefore: handAgainBefore(now, round.queueSince),
    };
    let handedOver = 0;
    // Customers' messages, then hand-off leads' copies: two outboxes, one queue.
    const outboxes: ((take: number) => Promise<DeliveryJob[]>)[] = [
      (take) => this.messages.awaitingHandOver(cutoffs, take),
      async (take) => (await this.leads.awaitingHandOver(cutoffs, take)).map((n) => ({ dealerId: n.dealerId, messageId: n.id, kind: 'lead_notification' as const })),
    ];
    for (const awaiting of outboxes) {
      for (let batch = 0; batch < MAX_BATCHES; batch++) {
        const jobs = await awaiting(BATCH);
        for (const job of jobs) {
          const attempt = this.handOver.handOver(job, { again: true });
          attempt.catch((err: unknown) => this.logger.warn({ err, dealer_id: job.dealerId, message_id: job.messageId, kind: job.kind ?? 'message' }, 'the delivery queue did not take a delivery; the next round tries again'));
          if (!(await settledWithin(attempt, HAND_OVER_TIMEOUT_MS))) return { handedOver, queueAnswered: false };
          handedOver++;
        }
        if (jobs.length < BATCH) break;
      }
    }
    return { handedOver, queueAnswered: true };
  }
}
