import { isObject } from './tool-data';

/**
 * Grounding, enforced in code after the model (decisions.md section 9): every VIN, price and count
 * in a reply must come from a tool result of the same run. The run drops each sentence that cites
 * anything else before it is streamed or stored; when nothing grounded is left it answers with
 * what the tools returned.
 *
 * Grounding is typed: a price only by a price a tool returned (a car's, an estimate's amounts, the
 * summary's range and average), and only by the named car's when the sentence names cars; a count
 * only by a count (a search's total, the summary's and the statistics' numbers); a VIN only by a
 * car. Text fields (colour, trim, model, a query, an error) ground nothing: they come from feeds,
 * customers or the model, and a number or a VIN inside them is no fact.
 */
export interface GroundingViolation {
  kind: 'vin' | 'price' | 'count';
  value: string;
}

/** A price a reply gives a car it names, none of whose prices (listed, or an estimate's for it) it is. */
export interface MisstatedPrice {
  vin: string;
  stated: number;
  listed: number | null;
}

const VIN = /\b[A-HJ-NPR-Z0-9]{17}\b/gi;
const PRICE = /\$\s?(\d[\d,]*(?:\.\d{1,2})?)(\s?[kK]\b)?|\b(\d[\d,]*(?:\.\d{1,2})?)\s?(?:dollars|CAD|USD)\b/g;
const COUNT = /\b(\d[\d,]*)\s+(?:[A-Za-z-]+\s+){0,3}?(?:cars?|vehicles?|units?|trucks?|suvs?|sedans?|coupes?|hatchbacks?|minivans?|vans?|wagons?|convertibles?|conversations?|matches|results|listings?|models?)\b/gi;

/** Prices of the inventory summary (camelCase as the port returns it, snake_case as an API would). */
const SUMMARY_PRICES = new Set(['priceMin', 'priceMax', 'priceAverage', 'price_min', 'price_max', 'price_average']);
/** Counts: a search's and the summary's `total`, its new/used split and per-make counts, the conversation statistics. */
const COUNTS = new Set(['total', 'used', 'new', 'count', 'awaitingReply', 'awaiting_reply', 'days']);

interface KnownCar {
  vin: string;
  /** False for a VIN a lookup did not find: a reply may say so, but it has no price. */
  found: boolean;
  /** Its words, lower-case letters and digits only: "F-150" is ['f', '150']. */
  stockNumber: string[];
  make: string[];
  model: string[];
  year: number | null;
  listed: number | null;
  /** Its listed price and the amounts of estimates computed for it. */
  prices: number[];
}

type Fields = Record<string, unknown>;

/** A car: an object with a VIN and a price field (a search's car, get_vehicle's, an estimate's vehicle); `{vin, found: false}` is none. */
const isCar = (value: unknown): value is Fields => isObject(value) && typeof value.vin === 'string' && value.vin !== '' && 'price' in value;
/** A lookup that found no car: `{vin, found: false}` (get_vehicle, an estimate for an unknown VIN). */
const isNotFound = (value: unknown): value is Fields => isObject(value) && typeof value.vin === 'string' && value.vin !== '' && value.found === false;
const amount = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);
const wordsOf = (text: unknown): string[] => (typeof text === 'string' ? (text.toLowerCase().match(/[a-z0-9]+/g) ?? []) : []);
const sameAmount = (a: number, b: number) => Math.abs(a - b) < 0.005 || Math.abs(Math.round(a) - b) < 0.005;

/** What the run's tools returned, typed: the cars, the prices (per car where they belong to one) and the counts. */
export class ToolEvidence {
  private readonly cars = new Map<string, KnownCar>();
  private readonly prices: number[] = [];
  private readonly counts: number[] = [];
  /** Estimates computed from a price with no VIN, by that price: a car listed at it owns them too. */
  private readonly estimatesAt: { price: number; amounts: number[] }[] = [];

  constructor(results: readonly unknown[]) {
    for (const result of results) this.collect(typeof result === 'string' ? parsed(result) : result);
  }

  private collect(value: unknown): void {
    if (Array.isArray(value)) value.forEach((v) => this.collect(v));
    else if (isCar(value)) this.addCar(value);
    else if (isNotFound(value)) this.addNotFound((value.vin as string).toUpperCase());
    else if (isObject(value) && Array.isArray(value.estimates) && amount(value.price) !== null) this.addEstimate(value);
    else if (isObject(value)) {
      for (const [key, v] of Object.entries(value)) {
        const n = amount(v);
        if (n !== null && SUMMARY_PRICES.has(key)) this.prices.push(n);
        else if (n !== null && COUNTS.has(key)) this.counts.push(n);
        else if (typeof v === 'object') this.collect(v);
        // Strings are text: nothing in them is a fact.
      }
    }
  }

  private addCar(car: Fields): KnownCar {
    const vin = (car.vin as string).toUpperCase();
    const listed = amount(car.price);
    const seen = this.cars.get(vin);
    const known = seen?.found ? seen : {
      vin, found: true, stockNumber: wordsOf(car.stockNumber ?? car.stock_number), make: wordsOf(car.make), model: wordsOf(car.model), year: amount(car.year), listed, prices: [],
    };
    this.cars.set(vin, known);
    if (listed !== null) {
      known.prices.push(listed);
      this.prices.push(listed);
    }
    return known;
  }

  private addNotFound(vin: string): void {
    if (!this.cars.has(vin)) this.cars.set(vin, { vin, found: false, stockNumber: [], make: [], model: [], year: null, listed: null, prices: [] });
  }

  /** finance_estimate / lease_estimate: the price, down payment, principal, and each term's payment and residual. */
  private addEstimate(estimate: Fields): void {
    const terms = (estimate.estimates as unknown[]).filter(isObject);
    const amounts = [estimate.price, estimate.down_payment, estimate.amount_financed, ...terms.flatMap((t) => [t.monthly_payment, t.residual_value])]
      .map(amount).filter((n): n is number => n !== null);
    this.prices.push(...amounts);
    if (isCar(estimate.vehicle)) this.addCar(estimate.vehicle).prices.push(...amounts);
    else this.estimatesAt.push({ price: estimate.price as number, amounts });
  }

  hasVin(vin: string): boolean {
    return this.cars.has(vin.toUpperCase());
  }

  hasPrice(n: number, cars?: readonly KnownCar[]): boolean {
    const prices = cars ? cars.flatMap((c) => this.pricesOf(c)) : this.prices;
    return prices.some((m) => sameAmount(m, n));
  }

  hasCount(n: number): boolean {
    return this.counts.some((m) => sameAmount(m, n));
  }

  /** A car's prices: its own, and those of estimates computed from its listed price without its VIN. */
  private pricesOf(car: KnownCar): number[] {
    const atItsPrice = car.listed === null ? [] : this.estimatesAt.filter((e) => sameAmount(e.price, car.listed!)).flatMap((e) => e.amounts);
    return [...car.prices, ...atItsPrice];
  }

  /**
   * The returned cars a sentence names: by VIN, by stock number, or by make and model (model alone
   * when it is distinctive: "Civic", "CX-5", not "ES" or "1500"); among same-named cars, those of a
   * year the sentence gives, if any.
   */
  carsNamedIn(sentence: string): KnownCar[] {
    const vins = new Set(vinsIn(sentence));
    const words = wordsOf(sentence);
    const years = new Set(words.filter((w) => /^(19|20)\d\d$/.test(w)).map(Number));
    const named: KnownCar[] = [];
    const byName = new Map<string, KnownCar[]>();
    for (const car of this.cars.values()) {
      if (vins.has(car.vin) || namesStockNumber(words, car.stockNumber)) named.push(car);
      else if (car.model.length > 0 && contains(words, car.model) && (contains(words, car.make) || distinctive(car.model))) {
        const key = [...car.make, '/', ...car.model].join(' ');
        byName.set(key, [...(byName.get(key) ?? []), car]);
      }
    }
    for (const same of byName.values()) {
      const ofYear = same.filter((c) => c.year !== null && years.has(c.year));
      named.push(...(ofYear.length > 0 ? ofYear : same));
    }
    return named;
  }
}

function parsed(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null; // text, not a result: it grounds nothing
  }
}

/** A stock number in the sentence; one of digits only ("12345") with the word "stock" too, else it may be a price or a mileage. */
function namesStockNumber(words: readonly string[], stockNumber: string[]): boolean {
  if (stockNumber.length === 0 || !contains(words, stockNumber)) return false;
  return /[a-z]/.test(stockNumber.join('')) || words.includes('stock');
}

/** A model name that alone names a car: three characters or more with a letter, or letters and digits ("X5"). */
function distinctive(model: string[]): boolean {
  const compact = model.join('');
  return /[a-z]/.test(compact) && (compact.length >= 3 || /\d/.test(compact));
}

/**
 * Whether consecutive words of the sentence spell `name`, separators ignored ("F150", "F-150" and
 * "f 150" all spell F-150); a plural "s" on the last word is allowed ("Civics").
 */
function contains(words: readonly string[], name: readonly string[]): boolean {
  const target = name.join('');
  if (!target) return false;
  for (let i = 0; i < words.length; i++) {
    let spelt = '';
    for (let j = i; j < words.length && spelt.length < target.length; j++) {
      spelt += words[j];
      if (spelt === target || spelt === `${target}s`) return true;
      if (!target.startsWith(spelt)) break;
    }
  }
  return false;
}

function toNumber(text: string): number {
  return Number(text.replace(/,/g, ''));
}

function pricesIn(sentence: string): { text: string; value: number }[] {
  return [...sentence.matchAll(PRICE)].map((m) => ({ text: m[0].trim(), value: toNumber(m[1] ?? m[3]) * (m[2] ? 1000 : 1) }));
}

/** The VINs a text writes, upper case, once each (a 17-character run of letters only is a word, not a VIN). */
export function vinsIn(text: string): string[] {
  return [...new Set([...text.matchAll(VIN)].map((m) => m[0].toUpperCase()).filter((v) => /\d/.test(v)))];
}

export function groundingViolations(sentence: string, evidence: ToolEvidence): GroundingViolation[] {
  const violations: GroundingViolation[] = [];
  for (const m of sentence.matchAll(VIN)) {
    // A 17-character run of letters only is a word, not a VIN.
    if (/\d/.test(m[0]) && !evidence.hasVin(m[0])) violations.push({ kind: 'vin', value: m[0] });
  }
  const named = evidence.carsNamedIn(sentence);
  for (const price of pricesIn(sentence)) {
    if (!evidence.hasPrice(price.value, named.length > 0 ? named : undefined)) violations.push({ kind: 'price', value: price.text });
  }
  for (const m of sentence.matchAll(COUNT)) {
    const n = toNumber(m[1]);
    // Model years are not claims about stock.
    if (n >= 1900 && n <= 2100) continue;
    if (!evidence.hasCount(n)) violations.push({ kind: 'count', value: m[0] });
  }
  return violations;
}

/**
 * The prices a sentence states for the cars it names that are none of theirs: a reply saying a
 * car costs something else than listed is replaced by the hand-off (decisions.md section 9).
 */
export function misstatedPrices(sentence: string, evidence: ToolEvidence): MisstatedPrice[] {
  const named = evidence.carsNamedIn(sentence);
  if (!named.some((car) => car.found)) return [];
  const wrong = pricesIn(sentence).filter((p) => !evidence.hasPrice(p.value, named));
  return wrong.flatMap((p) => named.filter((car) => car.found).map((car) => ({ vin: car.vin, stated: p.value, listed: car.listed })));
}
