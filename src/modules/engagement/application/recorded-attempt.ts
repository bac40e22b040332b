import { Logger } from '@nestjs/common';
import { ServiceMetrics } from '../../../../libs/common/metrics/service-metrics';
import { JobContext } from '../../../../libs/common/queue/job-queue';
import { DeliveryOutcome } from '../domain/conversation-messages';
import { PermanentDeliveryError } from '../domain/messaging-engine';

export type Attempt = Pick<JobContext, 'attempt' | 'maxAttempts' | 'isFinalAttempt'>;

/** Who is told how an attempt went: the metrics (by `label`) and the log (with `context`). */
export interface AttemptReport {
  label: string;
  metrics: ServiceMetrics;
  logger: Logger;
  context: Record<string, unknown>;
}

/**
 * One delivery attempt and its outcome, recorded: `sent`, `retrying` (the error is thrown again so
 * the queue retries with backoff) or `failed` (the last attempt, or a failure retrying cannot fix).
 * Outbound messages and hand-off lead copies are delivered this one way.
 */
export async function recordedAttempt(send: () => Promise<unknown>, record: (outcome: DeliveryOutcome) => Promise<void>, attempt: Attempt, report: AttemptReport): Promise<void> {
  try {
    await send();
  } catch (err) {
    const permanent = err instanceof PermanentDeliveryError;
    const final = permanent || attempt.isFinalAttempt;
    const lastError = err instanceof Error ? err.message : String(err);
    await record({ status: final ? 'failed' : 'retrying', attempts: attempt.attempt, lastError, sentAt: null });
    report.metrics.messageDelivery(report.label, final ? 'failed' : 'retrying');
    report.logger.warn({ ...report.context, attempt: attempt.attempt, final, error: lastError }, 'delivery attempt failed');
    if (permanent) return;
    throw err;
  }
  await record({ status: 'sent', attempts: attempt.attempt, lastError: null, sentAt: new Date() });
  report.metrics.messageDelivery(report.label, 'sent');
}
