import { formatMoney } from '../../application/reply-texts';
import { isDealRequest, statedMoneyIn } from '../../domain/deal-request';
import { namesChannel, sayStatistics, statisticsArgs } from './offline-statistics';
import { asksToVisitAt, sayHours } from './offline-hours';
import { asksCarDetails, sayCarDetails } from './offline-car-details';

/**
 * The built-in offline model's knowledge: which tools a question needs, and how to say what they
 * returned. Deterministic; it answers the common dealership questions and says plainly what it
 * cannot answer. Every figure it writes is copied from a tool result.
 */
export interface PlannedCall {
  name: string;
  args: Record<string, unknown>;
}

const VIN = /\b[A-HJ-NPR-Z0-9]{17}\b/i;
const VINS = new RegExp(VIN.source, 'gi');
const has = (q: string, pattern: RegExp) => pattern.test(q);

/** The question without its amounts of money (money as written, statedMoneyIn): what a search or a car-name check should see. */
function withoutMoney(q: string): string {
  let out = '';
  let at = 0;
  for (const a of statedMoneyIn(q)) {
    const before = q.slice(at, a.start);
    out += /\s$/.test(before) || /^\s/.test(q.slice(a.end)) ? before : `${before} `;
    at = a.end;
  }
  return out + q.slice(at);
}

/** The amounts a question names: the price it asks about (the first amount neither put down nor paid by the period) and a down payment. */
function amountsIn(q: string): { price: number | null; down: number | null } {
  let price: number | null = null;
  let down: number | null = null;
  for (const a of statedMoneyIn(q)) {
    if (a.down) down ??= a.value;
    else if (a.period === null) price ??= a.value;
  }
  return { price, down };
}

const ASKS = {
  // Another seller: named as such, or compared with this dealership ("cheaper than yours").
  elsewhere: /\b(other|another|competitors?'?|different|rival)\s+(dealer(ship)?s?|stores?|lots?|showrooms?)\b|\b(than|with|against|versus|vs\.?)\s+yours\b/i,
  // "today" alone is a date, not a question about hours ("open today" is caught by "open").
  hours: /\b(hours?|opening|when are you|what time|weekend|saturday|sunday)\b/i,
  openClosed: /\b(open|clos(e|ed|ing))\b/i,
  address: /\b(address|where (are|is) (you|the dealership)|located|location|directions|find you|visit)\b/i,
  contact: /\b(phone|call|telephone|number to|email|e-mail|contact|reach (you|someone)|website|site|web)\b/i,
  lease: /\blease|leasing\b/i,
  finance: /\b(financ\w*|payments?\s+(on|for|of|would|will|be)|monthly|per month|a month|\/mo\b|loan|apr|interest)\b/i,
  // Texts and emails counted are conversations too ("how many texts?"; not "text me").
  conversations: /\b(conversations?|convos?|threads?|chats?|leads?|inquir(y|ies)|messages?|customers? (wrote|waiting|messaged))\b|\b(how many|number of|count of)\b[^?.!]*\b(texts|texting|txts?|sms|e-?mails)\b/i,
  stock: /\b(how many|count|number of|do you (have|carry|sell)|any|cheapest|least expensive|lowest price|most expensive|priciest|newest|latest|oldest|lowest mileage|fewest|show me|looking for|search|find|in stock|available|inventory|stock)\b/i,
  summary: /\b(inventory|stock)\b.*\b(summary|overview|total|in total|altogether)\b|\bhow many (cars|vehicles)( do you have| are there)?( in (stock|total|inventory))?\s*\??$|\b(total|whole|entire) (inventory|stock)\b/i,
  /** Asks the assistant to change a price or record, or to close a sale: it can do neither (it reads; staff decide). */
  change: /\b(set|change|update|edit|modify|delete|remove)\b(?!\s+(me|us)\b)[^.?!]{0,40}\b(prices?|records?|inventory|listings?)\b|\b(sell|give|let)\s+(me|us)\b[^.?!]{0,60}\bfor\s+\$?\s?\d|\bconfirm\b[^.?!]{0,20}\b(sale|purchase|order|deal)\b/i,
  /** A figure over many cars (an average price, a total value): the summary has the whole stock's average price, no tool any other. */
  aggregate: /(?<!\b(below|above|under|over|than)[\s-]+)\b(average|mean|median)\s+(listed\s+|asking\s+|sale\s+)?(price|cost|mileage|km|kilometers|age|year)s?\b|\b(total|combined) value\b|\bworth in total\b|\bsum of\b/i,
  averagePrice: /\b(average|mean)\s+(listed\s+|asking\s+|sale\s+)?(price|cost)s?\b/i,
  /** New and used counted apart: the summary's split, not one search. */
  newAndUsed: /\bhow many\b[^?]*\b(new\b[^?]*\bused|used\b[^?]*\bnew)\b/i,
  /** The customer's own car (a trade-in, an appraisal): not a question about our stock, and no tool values it. */
  ownCar: /\btrade[- ]?ins?\b|\bapprais\w*|\bmy\b[^.?!]{0,40}\bworth\b/i,
};

/** Conversations are open or closed too: then those words do not ask for the dealership's hours. A visit at a day or time does. */
const asksHours = (q: string) => has(q, ASKS.hours) || asksToVisitAt(q) || (has(q, ASKS.openClosed) && !has(q, ASKS.conversations));

/** Words that name cars: body styles and the like, a model year, or a model designation mixing letters and digits (RAV4, CX-5, F-150, X5). */
const CAR_WORDS = /\b(cars?|vehicles?|suvs?|trucks?|sedans?|coupes?|vans?|minivans?|hatchbacks?|wagons?|convertibles?|pickups?|awd|4x4|hybrids?|electric|evs?|diesel|used|new|models?|makes?|[0-9]{4})\b/i;
const DESIGNATION = /\b(?=[a-z-]*\d)(?=[\d-]*[a-z])[a-z\d]+(?:-[a-z\d]+)?\b/gi;
/** Numbers with a unit or an ordinal ("3pm", "30k", "2nd") are not model names. */
const NUMBER_WITH_UNIT = /^\d+(am|pm|k|km|kms|mi|mph|kg|lbs?|st|nd|rd|th|s|x)$/i;
const namesDesignation = (q: string) => [...q.matchAll(DESIGNATION)].some((m) => !NUMBER_WITH_UNIT.test(m[0]));
const namesCars = (q: string) => CAR_WORDS.test(q) || namesDesignation(q);
/** A kind of car, not cars in general ("SUVs", "used", "2020", "RAV4"; not "cars", "vehicles"). */
const namesKind = (q: string) => CAR_WORDS.test(q.replace(/\b(cars?|vehicles?|models?|makes?)\b/gi, '')) || namesDesignation(q);

/** A question about the car already talked about ("what would the payments be on it?", "that one"). */
const REFERS_BACK = /\b(it|its|that (one|car)|this (one|car)|the same (one|car))\b/i;
/** What is asked of one car ("does it" may also be the dealership: "what time does it open?"; "how much is it to..." a service). */
const asksAboutACar = (q: string) => !!estimateOf(q) || isDealRequest(q)
  || /\bhow much\b(?!\s+is\s+it\s+(to|for)\b)|\b(price|cost|mileage|km|kilometers|miles|available|still there|colou?r|year|trim)\b/i.test(q)
  || asksCarDetails(q);
/**
 * Whether "it" in the question is the car talked about last: asked of a car, naming no other kind
 * of car itself (amounts are no model years), and not about the customer's own car.
 */
const refersToEarlierCar = (q: string) => REFERS_BACK.test(q) && asksAboutACar(q) && !namesKind(withoutMoney(q)) && !has(q, ASKS.ownCar);

/**
 * The car "it" refers to: the VIN of the thread's latest message that names one, if it names only
 * that one (after a list of cars, "it" could be any of them).
 */
export function lastVinIn(texts: readonly string[]): string | undefined {
  for (let i = texts.length - 1; i >= 0; i--) {
    const vins = new Set([...texts[i].matchAll(VINS)].map((m) => m[0].toUpperCase()).filter((v) => /\d/.test(v)));
    if (vins.size > 0) return vins.size === 1 ? [...vins][0] : undefined;
  }
  return undefined;
}

/**
 * The tools a question needs (none: the model says what it can help with). `earlierVin`: the car
 * the thread talked about last, which "it" in a question naming no other car refers to.
 */
export function planTools(question: string, earlierVin?: string): PlannedCall[] {
  const q = question.trim();
  const calls: PlannedCall[] = [];
  const add = (name: string, args: Record<string, unknown> = {}) => {
    if (!calls.some((c) => c.name === name)) calls.push({ name, args });
  };
  const vin = VIN.exec(q)?.[0].toUpperCase() ?? (earlierVin && refersToEarlierCar(q) ? earlierVin : undefined);
  // Price talk goes to staff with the listed price: look up the car it names (an amount in it is an offer, not a budget).
  if (isDealRequest(q)) {
    return [vin ? { name: 'get_vehicle', args: { vin } } : { name: 'search_inventory', args: { query: withoutMoney(q), take: 3 } }];
  }
  // Another dealership's data is out of reach (the tools are this dealership's): say so, look nothing up.
  if (has(q, ASKS.elsewhere)) return [];
  // A change or a sale it cannot make: look up the car it names (to state its listed price), nothing else.
  if (has(q, ASKS.change)) return vin ? [{ name: 'get_vehicle', args: { vin } }] : [];
  const ownCar = has(q, ASKS.ownCar);
  // "email" or "web" in a question about conversations names their channel, not our contact details.
  if (asksHours(q) || has(q, ASKS.address) || (has(q, ASKS.contact) && !(has(q, ASKS.conversations) && namesChannel(q)))) add('dealership_info');
  const { price, down } = amountsIn(q);
  const estimate = estimateOf(q);
  // A payment with neither VIN nor price: find the car it names ("the 2026 Civic Touring") first, estimate in the next turn
  // (followUpTools), or say a VIN or a price is needed when the search understood no car in it.
  if (estimate && !vin && price === null) return [...calls, { name: 'search_inventory', args: { query: withoutMoney(q), take: 1 } }];
  // The lease calculator has no down payment; finance takes it.
  if (estimate) add(estimate, { ...(vin ? { vin } : { price: price ?? undefined }), ...(down && estimate === 'finance_estimate' ? { down_payment: down } : {}) });
  if (has(q, ASKS.conversations) && !vin) add('conversation_statistics', statisticsArgs(q));
  if (vin && !calls.some((c) => c.name.endsWith('_estimate'))) add('get_vehicle', { vin });
  if (!vin && !ownCar && !calls.some((c) => c.name === 'conversation_statistics' || c.name.endsWith('_estimate'))) {
    // An average or a total of some kind of car: no tool computes it, so the model says it cannot (listing cars would not answer it).
    if (has(q, ASKS.aggregate)) {
      if (has(q, ASKS.averagePrice) && !namesKind(q)) add('inventory_summary');
    } else if (has(q, ASKS.summary) || has(q, ASKS.newAndUsed)) add('inventory_summary');
    else if (has(q, ASKS.stock) || calls.length === 0) {
      // A question about cars the other tools do not cover: let search try it (it ignores what it does not understand).
      // Generic words ("do you have", "any") ask for cars only when no other tool answers the question.
      if (namesCars(q) || (has(q, ASKS.stock) && calls.length === 0)) {
        add('search_inventory', { query: q, take: 3 });
      }
    }
  }
  return calls;
}

/** The estimate a question asks for, if any (a lease when it says lease). */
function estimateOf(q: string): 'lease_estimate' | 'finance_estimate' | null {
  return has(q, ASKS.lease) ? 'lease_estimate' : has(q, ASKS.finance) ? 'finance_estimate' : null;
}

/**
 * The calls a turn needs after the first one's results: the estimate for the car a search found
 * (a payment asked for a car named without its VIN). None once an estimate is in.
 */
export function followUpTools(question: string, results: { name: string; result: unknown }[]): PlannedCall[] {
  const estimate = estimateOf(question);
  if (!estimate || results.some((r) => r.name === estimate)) return [];
  const found = results.find((r) => r.name === 'search_inventory')?.result as { understood?: boolean; cars?: { vin: string }[] } | undefined;
  if (!found) return [];
  const car = found.understood !== false ? found.cars?.[0] : undefined;
  // No car named: the estimate's own answer says what it needs.
  if (!car) return [{ name: estimate, args: {} }];
  const { down } = amountsIn(question);
  return [{ name: estimate, args: { vin: car.vin, ...(down && estimate === 'finance_estimate' ? { down_payment: down } : {}) } }];
}

interface Car { vin: string; condition: string; year: number | null; make: string | null; model: string | null; trim: string | null; price: number | null; kilometers: number | null; color: string | null }

// Made once: toLocaleString builds a formatter per call, a visible cost per run.
const NUMBER = new Intl.NumberFormat('en-US');
const money = (n: number) => `$${formatMoney(n)}`;
const carName = (c: Car) => [c.year, c.make, c.model, c.trim].filter((v) => v !== null && v !== '').join(' ');
function carLine(c: Car): string {
  const parts = [`${c.condition} ${carName(c)} (VIN ${c.vin})`];
  parts.push(c.price === null ? 'price on request' : `listed at ${money(c.price)}`);
  if (c.kilometers !== null) parts.push(`${NUMBER.format(c.kilometers)} km`);
  if (c.color) parts.push(c.color.toLowerCase());
  return parts.join(', ');
}

type Result = Record<string, unknown>;

function sayContact(info: Result, question: string): string[] {
  const out: string[] = [];
  const phones = (info.phones as { name: string; value: string }[]) ?? [];
  const emails = (info.emails as { name: string; value: string }[]) ?? [];
  if (ASKS.address.test(question)) {
    if (info.address) out.push(`We are at ${info.address as string}.`);
    else if (info.contact_link) out.push(`You can find our location and directions here: ${info.contact_link as string}.`);
    else out.push('Our address is not on file here; please contact us for directions.');
  }
  if (ASKS.contact.test(question)) {
    if (phones.length) out.push(`You can call ${phones.map((p) => `${p.name || 'us'} at ${p.value}`).join(' or ')}.`);
    if (emails.length) out.push(`Email: ${emails.map((e) => e.value).join(', ')}.`);
    if (info.website) out.push(`Website: ${info.website as string}.`);
    if (!phones.length && !emails.length && info.contact_link) out.push(`You can reach us here: ${info.contact_link as string}.`);
    else if (!phones.length && !emails.length && !info.website) out.push('Our contact details are not on file here.');
  }
  return out;
}

/** The reply to the question from the results of the tools it called, in the order they were called. */
export function composeAnswer(question: string, results: { name: string; result: unknown }[]): string {
  if (ASKS.change.test(question) && !ASKS.elsewhere.test(question)) {
    const car = results.find((r) => r.name === 'get_vehicle' && (r.result as Result | null)?.found !== false && typeof (r.result as Result | null)?.vin === 'string');
    return "I can't change prices or records, or agree to a sale: only our sales team can, and they will follow up with you."
      + (car ? ` The ${carLine(car.result as Car)}.` : '');
  }
  if (results.length === 0 && ASKS.elsewhere.test(question)) {
    return "I can only answer for this dealership: I have no access to other dealerships' inventory or data. Ask me about our cars, hours, contact details or finance and lease estimates.";
  }
  if (results.length === 0) {
    return "I'm the dealership's assistant: I can tell you about the cars in stock (by make, model, price, year or VIN), "
      + 'our hours, address and contact details, finance and lease estimates, and conversation statistics. '
      + "I can't answer that question from our records; a member of our team can help you with it.";
  }
  const out: string[] = [];
  for (const { name, result } of results) {
    const r = (result ?? {}) as Result;
    if (typeof r.error === 'string') {
      out.push(`I couldn't work that out: ${r.error}.`);
      continue;
    }
    switch (name) {
      case 'dealership_info':
        if (asksHours(question)) out.push(sayHours(r, question));
        out.push(...sayContact(r, question));
        if (!asksHours(question) && !ASKS.address.test(question) && !ASKS.contact.test(question)) out.push(sayHours(r, question));
        break;
      case 'get_vehicle':
        if (r.found === false) out.push(`I couldn't find a car with VIN ${r.vin as string} in our inventory.`);
        else out.push(`The ${carLine(r as unknown as Car)}.`, ...sayCarDetails(r, question));
        break;
      case 'search_inventory': {
        // Looked up for an estimate and named no car: any cars would answer nothing (the estimate says what it needs).
        if (r.understood === false && estimateOf(question)) break;
        const cars = (r.cars as Car[]) ?? [];
        const total = r.total as number;
        if (total === 0) out.push("We don't have a car matching that in stock right now.");
        else {
          out.push(`We have ${total} ${total === 1 ? 'car' : 'cars'} matching your search.`);
          const lead = /cheapest|least expensive|lowest price/i.test(question) ? 'The cheapest is the' : /most expensive|priciest/i.test(question)
            ? 'The most expensive is the' : /newest|latest/i.test(question) ? 'The newest is the' : /lowest mileage|fewest/i.test(question) ? 'The one with the lowest mileage is the' : null;
          if (lead && cars[0]) out.push(`${lead} ${carLine(cars[0])}.`);
          else out.push(...cars.map((c) => `- ${carLine(c)}`));
        }
        break;
      }
      case 'inventory_summary':
        out.push(`We have ${r.total as number} cars in stock: ${r.used as number} used and ${r.new as number} new.`);
        if (typeof r.priceMin === 'number' && typeof r.priceMax === 'number') out.push(`Prices range from ${money(r.priceMin)} to ${money(r.priceMax)}.`);
        if (ASKS.averagePrice.test(question) && typeof r.priceAverage === 'number') out.push(`The average listed price is ${money(r.priceAverage)}.`);
        break;
      case 'finance_estimate':
      case 'lease_estimate': {
        const v = r.vehicle as { vin: string; year: number | null; make: string | null; model: string | null } | null;
        const subject = v ? `the ${[v.year, v.make, v.model].filter(Boolean).join(' ')} (VIN ${v.vin}) at ${money(r.price as number)}` : `${money(r.price as number)}`;
        const estimates = (r.estimates as { term_months: number; rate_percent: number; monthly_payment: number; mileage_per_year?: number; mileage_unit?: string }[]) ?? [];
        const lines = estimates.map((e) => `${e.term_months} months${e.mileage_per_year ? ` (${NUMBER.format(e.mileage_per_year)} ${e.mileage_unit}/year)` : ''} at ${e.rate_percent}%: ${money(e.monthly_payment)}/month`);
        const downPayment = typeof r.down_payment === 'number' && r.down_payment > 0 ? ` with ${money(r.down_payment)} down` : '';
        out.push(`Estimated ${name === 'lease_estimate' ? 'lease' : 'finance'} payments for ${subject}${downPayment}: ${lines.join('; ')}.`);
        // Estimates state their inputs (decisions.md section 8): one the calculator did not take is said so.
        if (name === 'lease_estimate' && amountsIn(question).down) out.push('The lease estimate does not take a down payment into account.');
        out.push((r.note as string) ?? '');
        break;
      }
      case 'conversation_statistics':
        out.push(...sayStatistics(r, question));
        break;
      default:
        break;
    }
  }
  return out.filter(Boolean).join('\n');
}
