import { DealershipFacts } from '../domain/dealership-facts';
import { VehicleFacts } from '../domain/inventory-lookup';

/** Replies the use cases write themselves (hand-offs, fallbacks): built only from tool results. */

function isVehicle(value: unknown): value is VehicleFacts {
  return !!value && typeof value === 'object' && typeof (value as VehicleFacts).vin === 'string' && 'price' in (value as object);
}

/** Every car the run's tools returned, first occurrence of each VIN. */
export function vehiclesIn(results: readonly unknown[]): VehicleFacts[] {
  const seen = new Map<string, VehicleFacts>();
  const visit = (value: unknown): void => {
    if (isVehicle(value)) {
      if (!seen.has(value.vin)) seen.set(value.vin, value);
    } else if (Array.isArray(value)) value.forEach(visit);
    else if (value && typeof value === 'object') Object.values(value).forEach(visit);
  };
  results.forEach(visit);
  return [...seen.values()];
}

export function describeVehicle(car: VehicleFacts): string {
  const name = [car.year, car.make, car.model, car.trim].filter((v) => v !== null && v !== '').join(' ') || 'car';
  const price = car.price === null ? 'no listed price' : `listed at $${formatMoney(car.price)}`;
  return `the ${car.condition} ${name} (VIN ${car.vin}), ${price}`;
}

// Formatters made once: toLocaleString with options builds one per call, a visible cost per run.
const WHOLE = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const CENTS = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** An amount as replies write it: whole dollars when it is whole, else with cents ("12,500", "99.50"). */
export function formatMoney(amount: number): string {
  return (Number.isInteger(amount) ? WHOLE : CENTS).format(amount);
}

/** The cars the run's tools returned, but a search's that understood nothing of its query (those are any cars). */
export function understoodCars(results: readonly unknown[]): VehicleFacts[] {
  return vehiclesIn(results.filter((r) => !(r && typeof r === 'object' && (r as { understood?: unknown }).understood === false)));
}

/** How the customer reaches the sales team when no one was passed the request: the profile's phones and emails, or its contact link. */
export function salesContact(facts: DealershipFacts | null): string {
  if (!facts) return 'Please contact the dealership directly.';
  const link = facts.contactLink ? `: ${facts.contactLink}` : '';
  if (facts.sendLinkInsteadOfContact) return link ? `Please reach our sales team through ${facts.name}'s contact page${link}.` : `Please contact ${facts.name} directly.`;
  const phones = facts.phones.map((p) => p.value).filter(Boolean).slice(0, 2);
  const emails = facts.emails.map((e) => e.value).filter(Boolean).slice(0, 2);
  const ways = [phones.length ? `call ${phones.join(' or ')}` : '', emails.length ? `email ${emails.join(' or ')}` : ''].filter(Boolean);
  if (ways.length > 0) return `Please contact our sales team directly: ${ways.join(', or ')}.`;
  return link ? `Please reach our sales team through our contact page${link}.` : `Please contact ${facts.name} directly.`;
}

/**
 * Price or trade-in talk goes to staff: the listed price of each named car and, only when the lead
 * was queued to someone, that it was passed on; else how to reach the sales team.
 */
export function handOffReply(cars: readonly VehicleFacts[], how: { passedOn: boolean; tradeIn: boolean; contact: string }): string {
  const listed = cars.length > 0 ? ` For reference, ${cars.slice(0, 3).map(describeVehicle).join('; ')}.` : '';
  const cannot = how.tradeIn ? "I can't appraise a trade-in or agree to prices myself" : "I can't change prices or agree to discounts or deals myself";
  const next = how.passedOn ? `${cannot}, but I've passed your request to our sales team, who will follow up with you.` : `${cannot}. ${how.contact}`;
  return `${next}${listed}`;
}

/** When the model's reply had nothing grounded left: what the tools did return. */
export function factualFallback(results: readonly unknown[]): string {
  const cars = vehiclesIn(results).slice(0, 3);
  if (cars.length > 0) return `Here is what our records show: ${cars.map(describeVehicle).join('; ')}.`;
  return "I couldn't confirm that from our records. A member of our team can help you with it.";
}
