/** What engagement needs of a dealership on every request and delivery. */
export interface DealershipSummary {
  id: string;
  name: string;
  /** Default country of national phone numbers. */
  region: string;
  outboundEmail: string | null;
  phone: string | null;
}

/** Port: the dealership context's facts engagement sends with. */
export abstract class DealershipDirectory {
  abstract find(dealerId: string): Promise<DealershipSummary | null>;
}
