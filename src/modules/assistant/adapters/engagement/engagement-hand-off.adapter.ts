import { Injectable } from '@nestjs/common';
import { HandOffLeadUseCase, LeadDestinationStatus } from '../../../engagement';
import { HandOffDesk, HandOffDestination, HandOffRequest } from '../../domain/hand-off';

function destination(d: LeadDestinationStatus): HandOffDestination {
  return { kind: d.kind, to: d.to, deliveryStatus: d.deliveryStatus, deliveryError: d.deliveryError };
}

/** Engagement's hand-off leads (its public use case), in the assistant's words: the lead's key is the run id. */
@Injectable()
export class EngagementHandOffDesk extends HandOffDesk {
  constructor(private readonly leads: HandOffLeadUseCase) {
    super();
  }

  async record(r: HandOffRequest): Promise<HandOffDestination[]> {
    const recorded = await this.leads.record({
      dealerId: r.dealerId, key: r.runId, threadId: r.threadId, requestedAt: r.requestedAt, request: r.request, interest: r.interest, prospect: r.prospect,
      vehicles: r.vehicles.map((v) => ({ vin: v.vin, condition: v.condition, year: v.year, make: v.make, model: v.model, trim: v.trim, stockNumber: v.stockNumber, price: v.price })),
    });
    return recorded.map(destination);
  }

  deliverSoon(dealerId: string, runId: string): Promise<void> {
    return this.leads.deliverSoon(dealerId, runId);
  }

  async destinations(dealerId: string, runIds: readonly string[]): Promise<Map<string, HandOffDestination[]>> {
    const byRun = await this.leads.destinations(dealerId, runIds);
    return new Map([...byRun].map(([runId, list]) => [runId, list.map(destination)]));
  }
}
