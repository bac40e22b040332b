import { formatMoney } from '../../application/reply-texts';
import { createTtlCache } from '../../../../../libs/common/cache/ttl-cache';
import { isDealRequest as readDealRequest, statedMoneyIn } from '../../domain/deal-request';
import { asksCarDetails as readCarDetails, sayCarDetails, withoutFeatures } from './offline-car-details';
import { EMPTY_THREAD_STATE, ThreadState } from '../../domain/thread-state';
import { asksToVisitAt, sayHours } from './offline-hours';
import { namesChannel, narrowsCount, sayStatistics, StatisticsFilter, statisticsArgs } from './offline-statistics';


/**
 * A question is read several times a run (at each model step and for the answer): its two costliest
 * readings are kept for the few questions in flight, so that a run reads them once.
 */
function remembered(read: (q: string) => boolean): (q: string) => boolean {
  const seen = createTtlCache<string, { value: boolean }>({ max: 256, ttlMs: 60_000 });
  return (q) => {
    let hit = seen.get(q);
    if (!hit) seen.set(q, (hit = { value: read(q) }));
    return hit.value;
  };
}
const isDealRequest = remembered(readDealRequest);
const asksCarDetails = remembered(readCarDetails);
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
  elsewhere: /\b(other|another|different)\s+(dealer(ship)?s?|stores?|lots?|showrooms?)\b|\b(rivals?|competitors?'?|competition)\b|\b(than|with|against|versus|vs\.?)\s+yours\b/i,
  // "today" alone is a date, not a question about hours ("open today" is caught by "open").
  hours: /\b(hours?|hrs|opening|when are you|what time|weekend|saturday|sunday)\b/i,
  openClosed: /\b(open|clos(e|ed|ing))\b/i,
  address: /\b(address|where\s*(are|is|'s|s|r)\s+(you|u|ya|y'all|(the|ur|your|yr)\s+(dealership|store|lot|showroom|shop|place))|located|location|directions|find you|visit)\b/i,
  contact: /\b(phone|call|telephone|number to|email|e-mail|contact|reach (you|someone)|website|site|web)\b|\b(ur|your|yr)\s+(phone\s+)?(number|#|no\.?)(?!\s+of\b)/i,
  lease: /\blease|leasing\b/i,
  finance: /\b(financ\w*|payments?\s+(on|for|of|would|will|be|over)|monthly|per month|a month|\/mo\b|loan|apr|interest)\b/i,
  // Texts and emails counted are conversations too ("how many texts?"; not "text me").
  conversations: /\b(conversations?|convos?|threads?|chats?|leads?|inquir(y|ies)|messages?)\b|\b(customers?|people|clients?|leads?)\b[^.?!]{0,20}\b(wrote|waiting|messaged|texted|emailed)\b|\bwaiting\s+(on|for)\s+(us|a\s+reply|an?\s+answer|a\s+response)\b|\b(how many|number of|count of)\b[^?.!]*\b(texts|texting|txts?|sms|e-?mails)\b/i,
  stock: /\b(how many|count|number of|do you (have|carry|sell)|any|cheapest|least expensive|lowest price|most expensive|priciest|newest|latest|oldest|lowest mileage|fewest|show me|looking for|search|find|in stock|available|inventory|stock)\b/i,
  summary: /\b(inventory|stock)\b.*\b(summary|overview|total|in total|altogether)\b|\bhow many (cars|vehicles)( do you have| are there)?( in (stock|total|inventory))?\s*\??$|\bhow many (cars|vehicles|units)\b(?=[^.?!]*\b(in total|altogether|all together|overall)\b)|\b(total|whole|entire) (inventory|stock)\b/i,
  /** Asks the assistant to change a price or record, or to close a sale: it can do neither (it reads; staff decide). */
  change: /\b(approve|authori[sz]e|sign off on)\b|\b(set|change|update|edit|modify|delete|remove)\b(?!\s+(me|us)\b)[^.?!]{0,40}\b(prices?|records?|inventory|listings?)\b|\b(sell|give|let)\s+(me|us)\b[^.?!]{0,60}\bfor\s+\$?\s?\d|\bconfirm\b[^.?!]{0,20}\b(sale|purchase|order|deal|prices?)\b/i,
  /** The spread of prices of some cars ("what's the price range", "how much do they range"). */
  priceRange: /\bprice\s+range\b|\brange\s+(of|in)\s+prices?\b|\bhow much do (they|those|these)\b[^.?!]*\brange\b|\bprices?\s+(go|run|start)\b/i,
  /** Customers' own details (their numbers, emails, addresses): never given out, whoever asks. */
  customerData: /\b(customers?'?s?|clients?'?s?|leads?'?|buyers?'?s?|people'?s?)\b[^.?!]{0,30}\b(phones?|numbers?|e-?mails?|address(es)?|contact (details|info))\b|\b(phones?|numbers?|e-?mails?|address(es)?|contact (details|info))\b[^.?!]{0,20}\b(of|for|from)\s+(the\s+|our\s+|all\s+|every\s+|any\s+)?(customers?|clients?|leads?|buyers?|people)\b/i,
  /** Writing that is no dealership's business: an essay, a poem, a story, homework. */
  writing: /\b(write|compose|draft|make up)\b[^.?!]{0,40}\b(essays?|poems?|stor(y|ies)|songs?|lyrics|homework|jokes?|haikus?|raps?|speech)\b/i,
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
const REFERS_BACK = /\b(it|its|that (one|car)|this (one|car)|the same (one|car))\b|\b(on|for|of|about)\s+that\b(?!\s+(one|car)\b)(?=\s*(?:$|[?.!,]|\w+\s+like\b|cost|be|look|come))/i;
/** What is asked of one car ("does it" may also be the dealership: "what time does it open?"; "how much is it to..." a service). */
const asksAboutACar = (q: string) => !!estimateOf(q) || isDealRequest(q)
  || /\bhow much\b(?!\s+is\s+it\s+(to|for)\b)|\b(price|cost|mileage|km|kilometers|miles|available|still there|colou?r|year|trim)\b/i.test(q)
  || asksCarDetails(q);
/**
 * Whether "it" in the question is the car talked about last: asked of a car, naming no other kind
 * of car itself (amounts are no model years), and not about the customer's own car.
 */
const refersToEarlierCar = (q: string) => REFERS_BACK.test(q) && asksAboutACar(q) && !namesKind(withoutMoney(q).replace(SAID_OF_IT, ' ')) && !has(q, ASKS.ownCar);
/** What is said of "it" ("is it awd", "does it have a V6"): a property asked of the car, not another car named. */
const SAID_OF_IT = /\b(?:is|does|has|can|will)\s+(?:it|that one|this one|that car|this car)\b[^,.?!;]*/gi;

/** Words that point back at the thread's last search or list ("of those", "which one", "what about silver?", "and in blue?"). */
const POINTS_BACK = /\b(those|these|them|ones?|of (the|those|them|these)|which (one|of)|what about|how about|instead|any of)\b|^\W*(and|or|but|ok(ay)?|so)\b/i;
/** A car picked from a list by its place ("the second one", "the 3rd", "number 2", "the last one"). */
const ORDINAL = /\b(?:the\s+(first|second|third|fourth|fifth|1st|2nd|3rd|4th|5th|last)\b|(first|second|third|fourth|fifth|1st|2nd|3rd|4th|5th|last)\s+(?:one|car|truck|suv|vehicle|van)\b|(?:number|no\.?|#)\s*([1-5])\b(?!\s*(?:k|grand|months?|%)))/i;
/** A place in a list, from its word (the last one is -1). */
const PLACES: Readonly<Record<string, number>> = {
  first: 0, '1st': 0, 1: 0, second: 1, '2nd': 1, 2: 1, third: 2, '3rd': 2, 3: 2, fourth: 3, '4th': 3, 4: 3, fifth: 4, '5th': 4, 5: 4, last: -1,
};
/** A stock number as people write it ("stock # u34715", "stk C98350", "stock number P4471"). */
const STOCK = /\b(?:stock|stk)\s*(?:#|no\.?|num(?:ber)?)?\s*:?\s*([a-z]{0,3}\d[a-z0-9-]{2,})\b/i;
/** A loan or lease term ("over 84 months", "72 mo", "5 years"). */
const TERM = /\b(\d{2,3})\s*-?\s*(?:months?|mos?|mths?)\b|\b([1-9])\s*-?\s*(?:years?|yrs?)\b(?!\s+old)/i;
const termOf = (q: string): number | null => {
  const m = TERM.exec(q);
  return m ? (m[1] ? Number(m[1]) : Number(m[2]) * 12) : null;
};

/** The car a question names: by VIN, by stock number, by its place in the list the thread showed, or "it" (the car in focus; any of several listed). */
type NamedCar = { vin: string } | { stock: string } | { anyOf: string[] } | null;
function carNamedIn(q: string, state: ThreadState): NamedCar {
  const vin = VIN.exec(q)?.[0];
  if (vin) return { vin: vin.toUpperCase() };
  const stock = STOCK.exec(q)?.[1];
  if (stock) return { stock };
  const list = state.listed.length > 0 ? state.listed : (state.search?.vins ?? []);
  const place = ORDINAL.exec(q);
  if (place && list.length > 0) {
    const index = PLACES[(place[1] ?? place[2] ?? place[3]).toLowerCase()];
    const picked = list.at(index);
    if (picked) return { vin: picked };
  }
  if (refersToEarlierCar(q)) {
    if (state.focus) return { vin: state.focus };
    if (state.listed.length > 1) return { anyOf: state.listed.slice(0, 3) };
  }
  return null;
}

/**
 * Whether the message answers the question the last reply asked back ("which one do you mean?"):
 * it picks one ("the second one", "the silver one", "the 2021") and asks nothing of its own.
 */
const picksForPending = (q: string, state: ThreadState) => !!state.pending && state.listed.length > 1
  && (ORDINAL.test(q) || /^\W*(the|that|this)?\s*[\w-]+(\s+[\w-]+)?\s+(one|car)\W*$|^\W*the\s+[\w-]+\W*$/i.test(q))
  && !estimateOf(q) && !isDealRequest(q) && !asksHours(q);

/** Whether a question names one car, not a kind ("the gold 2023 wrangler", "u22214"; not "any purple minivans"). */
const namesOneCar = (q: string) => STOCK.test(q) || /\b[a-z]{1,3}\d{4,6}\b/i.test(q) || /\b(the|that|this)\s+(?!(cheapest|newest|oldest|best|lowest|most)\b)\w/i.test(q);

/** Only the words of a question that can describe a car: its money, loan term and calculator words out ("payments on the 2021 blue rav4 over 84 months"). */
const describing = (q: string) => withoutMoney(q).replace(TERM, ' ').replace(/\b(?:over|for|at)\s*$/i, '');

/**
 * The tools a question needs (none: the model says what it can help with), read with what the
 * thread talked about before (`state`): the car in focus, the cars listed, the last search and
 * estimate, which a follow-up refines or picks from.
 */
export function planTools(question: string, state: ThreadState = EMPTY_THREAD_STATE): PlannedCall[] {
  const q = question.trim();
  const calls: PlannedCall[] = [];
  const add = (name: string, args: Record<string, unknown> = {}) => {
    if (!calls.some((c) => c.name === name)) calls.push({ name, args });
  };
  const car = carNamedIn(q, state);
  // The answer to "which one?": by its place, the question asked before for that car; by description, find it first (followUpTools).
  if (picksForPending(q, state)) {
    if (car && 'vin' in car) return planTools(state.pending!, { ...EMPTY_THREAD_STATE, focus: car.vin });
    if (state.search) return [{ name: 'search_inventory', args: { query: q, take: 3, refine: true } }];
  }
  const vin = car && 'vin' in car ? car.vin : undefined;
  const byStock = car && 'stock' in car ? { name: 'search_inventory', args: { query: `stock ${car.stock}`, take: 1 } } : null;
  // "It" after several cars: look them up to ask which one.
  if (car && 'anyOf' in car) return car.anyOf.map((v) => ({ name: 'get_vehicle', args: { vin: v } }));
  // Price talk goes to staff with the listed price: look up the car it names (an amount in it is an offer, not a budget).
  if (isDealRequest(q)) {
    return [vin ? { name: 'get_vehicle', args: { vin } } : byStock ?? { name: 'search_inventory', args: { query: withoutMoney(q), take: 3 } }];
  }
  // Another dealership's data, customers' own details and writing tasks are out of reach: say so, look nothing up.
  if (has(q, ASKS.elsewhere) || has(q, ASKS.customerData) || has(q, ASKS.writing)) return [];
  // A change or a sale it cannot make: look up the car it names (to state its listed price), nothing else.
  if (has(q, ASKS.change)) return vin ? [{ name: 'get_vehicle', args: { vin } }] : byStock ? [byStock] : [];
  const ownCar = has(q, ASKS.ownCar);
  // About conversations: named so, or narrowing the count just before ("how many of those r email");
  // "email" or "web" in such a question names their channel, not our contact details.
  const aboutConversations = has(q, ASKS.conversations) || (!!state.statistics && narrowsCount(q));
  if (asksHours(q) || has(q, ASKS.address) || (has(q, ASKS.contact) && !(aboutConversations && namesChannel(q)))) add('dealership_info');
  const { price, down } = amountsIn(q);
  // An estimate asked for, or the last one asked again with another term or down payment ("and over 60 months then?", "with 5k down?").
  const followsUp = !estimateOf(q) && !car && !namesKind(describing(q));
  // A term alone after a car was named ("and over 60 months?") asks its finance payments.
  const focused = state.focus ? { tool: 'finance_estimate' as const, vin: state.focus, price: null, downPayment: null, termMonths: null } : null;
  const again = followsUp && termOf(q) !== null ? state.estimate ?? focused : followsUp && down !== null ? state.estimate : null;
  const estimate = estimateOf(q) ?? again?.tool ?? null;
  if (estimate) {
    const term = termOf(q) ?? again?.termMonths ?? null;
    const downPayment = down ?? again?.downPayment ?? null;
    const target = vin ? { vin } : price !== null ? { price } : again?.vin ? { vin: again.vin } : again?.price ? { price: again.price } : null;
    // A payment for a car named without its VIN ("the 2026 Civic Touring", "stock U34715"): find it first, estimate in the next turn (followUpTools).
    if (!target) return [...calls, byStock ?? { name: 'search_inventory', args: { query: describing(q), take: 1 } }];
    // The lease calculator has no down payment; finance takes it.
    add(estimate, { ...target, ...(downPayment && estimate === 'finance_estimate' ? { down_payment: downPayment } : {}), ...(term ? { term_months: term } : {}) });
  }
  if (aboutConversations && !vin) add('conversation_statistics', statisticsArgs(q, (state.statistics ?? undefined) as StatisticsFilter | undefined));
  if (vin && !estimate) add('get_vehicle', { vin });
  if (byStock && !estimate) calls.push(byStock);
  if (!car && !ownCar && !calls.some((c) => c.name === 'conversation_statistics' || c.name.endsWith('_estimate'))) {
    // An average or a total of some kind of car: no tool computes it, so the model says it cannot (listing cars would not answer it).
    if (has(q, ASKS.aggregate)) {
      if (has(q, ASKS.averagePrice) && !namesKind(q)) add('inventory_summary');
    } else if (has(q, ASKS.summary) || has(q, ASKS.newAndUsed)) add('inventory_summary');
    // A follow-up on the last search ("which of those are under 50k?", "what about silver?"): the same search, refined.
    else if (state.search && POINTS_BACK.test(q) && calls.length === 0) add('search_inventory', { query: q, take: 3, refine: true });
    // Anything else may describe cars: the search's translator decides (a question it understands nothing of gets "I can't answer that").
    else if (calls.length === 0 || (has(q, ASKS.stock) && namesCars(q))) add('search_inventory', { query: q, take: 3 });
    // The range of those cars' prices: their cheapest and their dearest, by the search's own order words.
    const search = calls.find((c) => c.name === 'search_inventory');
    if (search && has(q, ASKS.priceRange)) {
      const refine = search.args.refine === true ? { refine: true } : {};
      calls.push({ name: 'search_inventory', args: { query: `${q} cheapest`, take: 1, ...refine } }, { name: 'search_inventory', args: { query: `${q} most expensive`, take: 1, ...refine } });
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
export function followUpTools(question: string, results: { name: string; result: unknown }[], state: ThreadState = EMPTY_THREAD_STATE): PlannedCall[] {
  const searches = results.filter((r) => r.name === 'search_inventory').map((r) => r.result as { total?: number; cars?: { vin: string }[] });
  // The answer to "which one?" named one car ("the silver one"): the question asked before, for that car.
  if (picksForPending(question, state) && results.length === 1 && searches[0]?.total === 1 && searches[0].cars?.[0]) {
    return planTools(state.pending!, { ...EMPTY_THREAD_STATE, focus: searches[0].cars[0].vin }).filter((c) => c.name !== 'search_inventory');
  }
  // A car's feature asked of a car named by description or stock number found none with it: find the car itself, to say what its listing has.
  if (asksCarDetails(question) && namesOneCar(question) && results.length === 1 && searches[0]?.total === 0) {
    const named = withoutFeatures(question);
    if (named.trim() !== question.trim()) return [{ name: 'search_inventory', args: { query: named, take: 3 } }];
  }
  const estimate = estimateOf(question);
  if (!estimate || results.some((r) => r.name === estimate)) return [];
  const found = results.find((r) => r.name === 'search_inventory')?.result as { understood?: boolean; cars?: { vin: string }[] } | undefined;
  if (!found) return [];
  const car = found.understood !== false ? found.cars?.[0] : undefined;
  // No car named: the estimate's own answer says what it needs.
  if (!car) return [{ name: estimate, args: {} }];
  const { down } = amountsIn(question);
  const term = termOf(question);
  return [{ name: estimate, args: { vin: car.vin, ...(down && estimate === 'finance_estimate' ? { down_payment: down } : {}), ...(term ? { term_months: term } : {}) } }];
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

/** How a reply introduces the first car of a search in each of the search's orders. */
const ORDER_LEADS: Readonly<Record<string, string>> = {
  price_asc: 'The cheapest is the', price_desc: 'The most expensive is the', year_desc: 'The newest is the',
  year_asc: 'The oldest is the', kilometers_asc: 'The one with the lowest mileage is the',
};
/** A search attribute in words ("model_family" -> "model family"). */
const attributeName = (attribute: string) => attribute.replace(/_/g, ' ').replace(/^kilometers$/, 'mileage').replace(/^color$/, 'colour');

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
export function composeAnswer(asked: string, results: { name: string; result: unknown }[], state: ThreadState = EMPTY_THREAD_STATE): string {
  // The answer to "which one?" gets the reply to the question asked before.
  const question = picksForPending(asked, state) && results.some((r) => r.name !== 'search_inventory') ? state.pending! : asked;
  const named = carNamedIn(question, picksForPending(asked, state) ? EMPTY_THREAD_STATE : state);
  // "It" after several cars: ask which one, naming those the run looked up.
  if (named && 'anyOf' in named) {
    const cars = results.map((r) => r.result as Car & { found?: boolean }).filter((c) => c && c.found !== false && typeof c.vin === 'string');
    if (cars.length > 1) return `Which one do you mean: ${cars.map((c) => `the ${carName(c)} (VIN ${c.vin})`).join(', or ')}?`;
  }
  if (ASKS.change.test(question) && !ASKS.elsewhere.test(question)) {
    // The car it names, looked up by VIN or found alone by its stock number.
    const car = results.map((r) => (r.name === 'search_inventory' && (r.result as Result).total === 1 ? ((r.result as Result).cars as Car[])[0] : r.result as Car & { found?: boolean }))
      .find((c) => !!c && (c as { found?: boolean }).found !== false && typeof c.vin === 'string');
    return "I can't change prices or records, or agree to a sale: only our sales team can, and they will follow up with you."
      + (car ? ` The ${carLine(car)}.` : '');
  }
  if (results.length === 0 && ASKS.customerData.test(question)) {
    return "I can't share customers' personal details (phone numbers, emails, addresses). I can tell you how many conversations there are, by channel and status.";
  }
  if (results.length === 0 && ASKS.elsewhere.test(question)) {
    return "I can only answer for this dealership: I have no access to other dealerships' inventory or data. Ask me about our cars, hours, contact details or finance and lease estimates.";
  }
  // Nothing looked up, or only a search that understood nothing of the question: it is not one the records answer.
  if (results.every((r) => r.name === 'search_inventory' && (r.result as Result | null)?.understood === false)) {
    // Asked for cars by a name no car of ours or of the catalog has ("any ferraris?"): none in stock, plainly.
    if (results.length > 0 && /\b(do (you|u|ya|we) (have|carry|sell|stock)|(got|have) any|any\s+\w+s\b|in stock|looking for)\b/i.test(question)) {
      return "No, we don't have anything like that in stock right now. I can look our cars up by make, model, body style, colour, year, price, mileage or features.";
    }
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
        // A search that understood nothing beside another tool's answer (an estimate, the hours) adds nothing.
        if (r.understood === false) break;
        const cars = (r.cars as Car[]) ?? [];
        const total = r.total as number;
        // None had the feature asked for, but the car asked about was found again without it: that one is the answer.
        if (total === 0 && results.some((o) => o.name === 'search_inventory' && (o.result as Result).total === 1 && (o.result as Result).understood !== false)) break;
        if (total === 0) {
          out.push("No, we don't have a car matching that in stock right now.");
          const closest = (r.closest as { car: Car; differs: string[] }[] | undefined) ?? [];
          if (closest.length) out.push('The closest we have:', ...closest.map((c) => `- ${carLine(c.car)} (differs in ${c.differs.map(attributeName).join(' and ')})`));
        } else {
          out.push(`We have ${total} ${total === 1 ? 'car' : 'cars'} matching your search.`);
          // The order the search read in the question ("cheapest", "lowest km", "newest of those") says which car leads.
          const lead = ORDER_LEADS[String(r.order)];
          if (lead && cars[0]) out.push(`${lead} ${carLine(cars[0])}.`);
          else out.push(...cars.map((c) => `- ${carLine(c)}`));
          // A detail asked of the one car found ("does the gold 2023 wrangler have a tow package", "is C98754 certified").
          if (cars[0] && (total === 1 || lead)) out.push(...sayCarDetails(cars[0] as unknown as Record<string, unknown>, question));
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
  // Several searches of the same cars (a price range) say their count once.
  return [...new Set(out.filter(Boolean))].join('\n');
}
