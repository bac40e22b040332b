import { VehicleFacts } from './inventory-lookup';

/** A run's request passed to the dealership's people (decisions.md section 9). */
export interface HandOffRequest {
  dealerId: string;
  runId: string;
  threadId: string;
  requestedAt: Date;
  /** The customer's question, as written. */
  request: string;
  interest: 'buy' | 'trade-in';
  prospect: Prospect;
  /** Each car the request names, with its listed price. */
  vehicles: VehicleFacts[];
}

/** Who asked, as far as the thread tells. */
export interface Prospect {
  fullName: string | null;
  email: string | null;
  phone: string | null;
}

type HandOffDeliveryStatus = 'queued' | 'retrying' | 'sent' | 'failed';

export interface HandOffDestination {
  kind: 'adf_email' | 'html_email' | 'chat_notification';
  to: string;
  deliveryStatus: HandOffDeliveryStatus;
  deliveryError: string | null;
}

/**
 * A run's hand-off as a client reads it: `no_destination` when the profile names none (the reply
 * gave the sales contact instead); else `pending` while a copy waits, then `sent`, `failed`, or
 * `partially_sent`.
 */
export interface HandOffSummary {
  status: 'no_destination' | 'pending' | 'sent' | 'failed' | 'partially_sent';
  destinations: HandOffDestination[];
}

export function summariseHandOff(destinations: readonly HandOffDestination[]): HandOffSummary {
  const statuses = destinations.map((d) => d.deliveryStatus);
  const status: HandOffSummary['status'] = statuses.length === 0 ? 'no_destination'
    : statuses.some((s) => s === 'queued' || s === 'retrying') ? 'pending'
      : statuses.every((s) => s === 'sent') ? 'sent'
        : statuses.every((s) => s === 'failed') ? 'failed' : 'partially_sent';
  return { status, destinations: [...destinations] };
}

/** Whether a copy of the lead is on its way (the reply may then say the request was passed on). */
export function handedToSomeone(destinations: readonly HandOffDestination[]): boolean {
  return destinations.some((d) => d.deliveryStatus !== 'failed');
}

/** Port: engagement's hand-off leads, sent through its outbox. */
export abstract class HandOffDesk {
  /** Joins the caller's unit of work; once per run (a repeat answers the first one's destinations). */
  abstract record(request: HandOffRequest): Promise<HandOffDestination[]>;
  /** After the commit: hand the lead's copies to the delivery queue now (the relay does it otherwise). */
  abstract deliverSoon(dealerId: string, runId: string): Promise<void>;
  /** The destinations of each run's lead, by run id (runs without a lead are absent). */
  abstract destinations(dealerId: string, runIds: readonly string[]): Promise<Map<string, HandOffDestination[]>>;
}
