import { Injectable } from '@nestjs/common';
import { AppConfig } from '../../../config/app-config';
import { DealershipDirectory } from '../domain/dealership-directory';
import { HandOffLead, NotificationKind, NotificationStatus, planNotifications } from '../domain/hand-off-lead';
import { LeadNotification, LeadNotifications } from '../domain/lead-notifications';
import { DeliveryHandOver } from './delivery-hand-over';

/** One destination of a hand-off lead and how its delivery stands. */
export interface LeadDestinationStatus {
  kind: NotificationKind;
  to: string;
  deliveryStatus: NotificationStatus;
  deliveryError: string | null;
}

function statusOf(n: LeadNotification): LeadDestinationStatus {
  return { kind: n.kind, to: n.to, deliveryStatus: n.status, deliveryError: n.lastError };
}

/**
 * Hand-off leads for the dealership's people (decisions.md section 9): the assistant records one
 * per run that handed off, in the run's own transaction; each destination the profile names gets
 * its copy through engagement's outbox (the relay hands over what the run's process could not).
 */
@Injectable()
export class HandOffLeadUseCase {
  constructor(
    private readonly directory: DealershipDirectory,
    private readonly leads: LeadNotifications,
    private readonly handOver: DeliveryHandOver,
    private readonly config: AppConfig,
  ) {}

  /**
   * Joins the caller's unit of work: the lead's copies are committed with whatever the caller
   * commits, or not at all. Once per key: a repeat answers the first one's destinations.
   */
  async record(lead: HandOffLead): Promise<LeadDestinationStatus[]> {
    const routing = await this.directory.leadRouting(lead.dealerId);
    if (!routing) return [];
    const { allowHttpNotifications, engineSecret } = this.config.messaging;
    const planned = planNotifications(lead, routing.destinations, routing.dealership, { allowHttp: allowHttpNotifications, canSign: engineSecret !== null });
    return (await this.leads.recordOnce(lead.dealerId, lead.key, planned, lead.requestedAt)).map(statusOf);
  }

  /** After the caller's commit: hands the lead's waiting copies to the delivery queue now (what this misses, the relay hands over). */
  async deliverSoon(dealerId: string, leadKey: string): Promise<void> {
    const waiting = (await this.leads.findByLeads(dealerId, [leadKey])).filter((n) => n.status === 'queued' && !n.handedOver);
    await Promise.all(waiting.map((n) => this.handOver.afterCommit({ dealerId, messageId: n.id, kind: 'lead_notification' })));
  }

  /** The destinations of each lead, by key (the dealership's leads only; a key without a lead is absent). */
  async destinations(dealerId: string, leadKeys: readonly string[]): Promise<Map<string, LeadDestinationStatus[]>> {
    const byLead = new Map<string, LeadDestinationStatus[]>();
    for (const n of await this.leads.findByLeads(dealerId, leadKeys)) {
      const list = byLead.get(n.leadKey) ?? [];
      list.push(statusOf(n));
      byLead.set(n.leadKey, list);
    }
    return byLead;
  }
}
