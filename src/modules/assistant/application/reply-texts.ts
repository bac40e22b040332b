import { VehicleFacts } from '../domain/inventory-lookup';

/** Replies the use cases write themselves (hand-offs, fallbacks): built only from tool results. */

function isVehicle(value: unknown): value is VehicleFacts {
  return !!value && typeof value === 'object' && typeof (value as VehicleFacts).vin === 'string' && 'price' in (value as object);
}

/** Every car the run's tools returned, first occurrence of each VIN. */
function vehiclesIn(results: readonly unknown[]): VehicleFacts[] {
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

/** Price talk goes to staff: the listed price(s) from this run's tools, and the hand-off. */
export function handOffReply(results: readonly unknown[]): string {
  // Only cars the customer named: a search that understood nothing of the question lists any cars.
  const named = results.filter((r) => !(r && typeof r === 'object' && (r as { understood?: unknown }).understood === false));
  const cars = vehiclesIn(named).slice(0, 3);
  const listed = cars.length > 0 ? ` For reference, ${cars.map(describeVehicle).join('; ')}.` : '';
  return `I can't change prices or agree to discounts or deals myself, but I've passed your request to our sales team, who will follow up with you.${listed}`;
}

/** When the model's reply had nothing grounded left: what the tools did return. */
export function factualFallback(results: readonly unknown[]): string {
  const cars = vehiclesIn(results).slice(0, 3);
  if (cars.length > 0) return `Here is what our records show: ${cars.map(describeVehicle).join('; ')}.`;
  return "I couldn't confirm that from our records. A member of our team can help you with it.";
}
