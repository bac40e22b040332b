import { LeadDestinations } from './hand-off-lead';

/** What engagement needs of a dealership on every request and delivery. */
export interface DealershipSummary {
  id: string;
  name: string;
  /** Default country of national phone numbers. */
  region: string;
  outboundEmail: string | null;
  phone: string | null;
}

/** Where the dealership's profile sends hand-off leads, read fresh (not cached) when a lead is made. */
export interface DealershipLeadRouting {
  dealership: { id: string; name: string; region: string };
  destinations: LeadDestinations;
}

/** Port: the dealership context's facts engagement sends with. */
export abstract class DealershipDirectory {
  abstract find(dealerId: string): Promise<DealershipSummary | null>;
  abstract leadRouting(dealerId: string): Promise<DealershipLeadRouting | null>;
}
