/** What the assistant may say about the dealership, in its own words (read through the DealershipFacts port). */
export interface DealershipFacts {
  name: string;
  region: string;
  timeZone: string;
  phones: { name: string; value: string }[];
  emails: { name: string; value: string }[];
  siteUrl: string;
  contactLink: string;
  inventoryLink: string;
  address: { street: string; city: string; state: string; postalCode: string; country: string };
  /** Give the contact link instead of the street address. */
  sendLinkInsteadOfAddress: boolean;
  /** Give the contact link instead of phone numbers and email addresses. */
  sendLinkInsteadOfContact: boolean;
  /** `service_operations`: opening[i] and closing[i] pair by index ("Mon-Fri 08:00"). */
  hours: { opening: string[]; closing: string[] };
  finance: { enabled: boolean; terms: { months: number; ratePercent: number }[] };
  lease: { enabled: boolean; mileageUnit: string; terms: { months: number; mileagePerYear: number; ratePercent: number; residualPercent: number }[] };
}

/** Port: the dealership context's profile of the caller's dealership. */
export abstract class DealershipFactsSource {
  abstract factsOf(dealerId: string): Promise<DealershipFacts | null>;
}

/** Monthly payment of a loan by standard amortisation. */
export function financePayment(principal: number, ratePercent: number, months: number): number {
  const r = ratePercent / 100 / 12;
  const payment = r === 0 ? principal / months : (principal * r) / (1 - (1 + r) ** -months);
  return Math.round(payment * 100) / 100;
}

/**
 * Monthly lease payment: depreciation (price - residual) / term plus the finance charge
 * (price + residual) x money factor, money factor = yearly rate / 2400.
 */
export function leasePayment(price: number, residualPercent: number, ratePercent: number, months: number): number {
  const residual = (price * residualPercent) / 100;
  const payment = (price - residual) / months + (price + residual) * (ratePercent / 2400);
  return Math.round(payment * 100) / 100;
}
