// Checks shared by the blind assistant sets (bench/eval-assistant-blind-3.mjs and -4.mjs): the fixture
// rows' columns the harness does not carry (options, stock status), descriptions of cars and sets of
// cars from those rows, and the checks of a reply against them (cars, estimates, deal talk, the
// dealership's contacts, its hours and the clock, the conversations the harness seeds). Each set keeps
// its own questions.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { parseCsv } from '../../scripts/csv.mjs';
import {
  AGREES, AWAITING_REPLY, byVin, CARS, DAYS, DECLINES, digits, ENGAGE, financeRows, HOURS, INBOUND, is, leaseRows, maxBy, minBy, need, OPEN_CONVERSATIONS,
  paymentsCheck, phonesIn, PROFILE, statesMoney, statesNumber, statesTime, vinsIn, where, moneyIn, byClock, isOpenAt, nextDay, SAYS_OPEN, SAYS_CLOSED,
} from './assistant-eval-harness.mjs';
import { ROOT } from './processes.mjs';

export const VERBOSE = process.argv.includes('--verbose');
export const STRICT = process.argv.includes('--strict');

// ---------------------------------------------------------------------------------------------
// The fixture rows' columns the harness does not carry (options, stock status), by VIN.

const FIXTURES = path.join(ROOT, 'test/fixtures');
const newRows = JSON.parse(fs.readFileSync(path.join(FIXTURES, 'reference-inventory.new.json'), 'utf8'));
const ROWS = new Map([...parseCsv(fs.readFileSync(path.join(FIXTURES, 'reference-inventory.csv'), 'utf8')), ...(Array.isArray(newRows) ? newRows : newRows.cars)]
  .map((r) => [String(r.vin).toUpperCase(), r]));
export const rowOf = (car) => ROWS.get(car.vin) ?? {};
const optionsOf = (car) => String(rowOf(car).options ?? '').split(',').map((s) => s.trim().toLowerCase()).filter(Boolean);
export const withOption = (option) => (car) => optionsOf(car).includes(option.toLowerCase());
export const inStock = (car) => String(rowOf(car).stock_status ?? '').toLowerCase() === 'in stock';

// ---------------------------------------------------------------------------------------------
// Choosing cars (a description that fits none or several is a mistake of this file: it throws in --list).

export const stockNo = (s) => {
  const car = CARS.find((c) => c.stock.toUpperCase() === s.toUpperCase());
  if (!car) throw new Error(`no fixture car has stock number ${s}`);
  return car;
};
export const single = (label, cars) => {
  if (cars.length !== 1) throw new Error(`"${label}" fits ${cars.length} fixture cars, not one`);
  return cars[0];
};
export const empty = (label, cars) => {
  if (cars.length) throw new Error(`"${label}" should fit no fixture car, fits ${cars.length}`);
  return cars;
};
export const nonEmpty = (label, cars) => {
  if (!cars.length) throw new Error(`"${label}" fits no fixture car`);
  return cars;
};
export const model = (m) => is('model', m);
export const make = (m) => is('make', m);
export const colour = (k) => is('color', k);
export const body = (t) => is('type', t);
export const cond = (k) => is('condition', k);
export const yearIs = (y) => (c) => c.year === y;
export const yearFrom = (y) => (c) => c.year >= y;
export const fuel = (f) => is('fuel', f);
export const drive = (d) => is('drive', d);
export const price = (c) => c.price;
export const km = (c) => c.km;
const yearOf = (c) => c.year;
export const label = (c) => `${c.year} ${c.make} ${c.model} ${c.trim}`.trim();
/** "under 20k": the cars below it and the cars up to it, both readings accepted. */
export const below = (n, ...preds) => ({ strict: where(...preds, (c) => c.price < n), inclusive: where(...preds, (c) => c.price <= n) });
/** The counts a reply may give for a set: every car, or only the cars in stock (not in transit). */
export const countsOf = (...sets) => [...new Set(sets.flatMap((s) => [s.length, s.filter(inStock).length]))];

// ---------------------------------------------------------------------------------------------
// Reading a reply.

const escapeRe = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** Year, make and model identify a car only when no other fixture car shares them. */
const uniqueName = (c) => CARS.filter((x) => x.year === c.year && x.make === c.make && x.model === c.model).length === 1;
const nameRe = (c) => new RegExp(`\\b${c.year}\\s+${escapeRe(c.make)}\\s+${escapeRe(c.model).replace(/\\-|\\\./g, '[-. ]?')}`, 'i');
const namesCar = (reply, c) => vinsIn(reply).includes(c.vin) || new RegExp(`\\b${c.stock}\\b`, 'i').test(reply) || (uniqueName(c) && nameRe(c).test(reply));
/** The fixture cars a reply names by VIN or stock number, in the order it names them. */
const listedIn = (reply) => CARS
  .map((c) => {
    const at = [reply.toUpperCase().indexOf(c.vin), reply.search(new RegExp(`\\b${c.stock}\\b`, 'i'))].filter((i) => i >= 0);
    return { car: c, at: at.length ? Math.min(...at) : -1 };
  })
  .filter((x) => x.at >= 0).sort((a, b) => a.at - b.at).map((x) => x.car);
export const firstListed = (reply) => listedIn(reply)[0];

const NONE = /^\W*(no|nope|sorry|unfortunately)\b|\b(don'?t|do not|doesn'?t|does not) (currently |presently |seem to |appear to )?(have|carry|stock|see)\b|\bno (matching|such|exact)\b|\bnone\b|\bnothing (matches|in stock|like that|that matches)\b|\bcouldn'?t find\b|\bcould not find\b|\bnot (currently )?in stock\b|\bout of stock\b|\bdidn'?t find\b|\bfound no\b|\b0 (cars|vehicles|matches|results)\b/i;
export const SAYS_YES = /^\W*(yes|yep|yeah|yup|sure|absolutely)\b/i;
/** "N cars", "N matches": the counts a reply states (years, prices and distances left out). */
const COUNT_NOUNS = 'cars?|vehicles?|trucks?|pickups?|suvs?|sedans?|coupes?|hatchbacks?|minivans?|vans?|wagons?|convertibles?|units?|matches|results|listings?';
// Model and trim names with figures in them ("Ram 1500 trucks", "CX-5 SUVs") are no counts.
const NAMES_WITH_FIGURES = [...new Set(CARS.flatMap((c) => [c.model, c.trim]).filter((n) => /\d/.test(n)))].sort((a, b) => b.length - a.length);
const NAMES_RE = new RegExp(NAMES_WITH_FIGURES.map(escapeRe).join('|'), 'gi');
function statedCounts(reply, nouns = COUNT_NOUNS) {
  const text = reply.replace(NAMES_RE, ' name ').replace(/\$\s?\d[\d,]*(\.\d+)?\s?k?/gi, ' ').replace(/\d[\d,]*\s?(km|kms|kilomet\w*|mi|miles|months?|mo)\b/gi, ' ').replace(/\d{1,2}:\d{2}/g, ' ');
  return [...text.matchAll(new RegExp(`(?<![\\w.,-])(\\d[\\d,]*)\\s+(?:[A-Za-z][\\w.-]*\\s+){0,3}?(?:${nouns})\\b`, 'gi'))]
    .map((m) => Number(m[1].replace(/,/g, ''))).filter((n) => n < 1900 || n > 2100);
}
export const noWrongCount = (allowed, nouns) => ({ reply }) => {
  const named = vinsIn(reply).length;
  const wrong = statedCounts(reply, nouns).filter((n) => !allowed.includes(n) && n !== named);
  return need(wrong.length === 0, `states the count ${wrong.join(', ')} (expected ${allowed.join(' or ')})`);
};
export const both = (...checks) => (result) => checks.flatMap((c) => c(result));

// ---------------------------------------------------------------------------------------------
// Checks about the stock.

/** "got any X": yes with the count or cars of the set, no car outside it, no "none"; `also`: counts of the search it narrowed. */
export const stockOf = (set, { counts = countsOf(set), also = [] } = {}) => {
  if (set.length === 0) throw new Error('stockOf needs a set with cars (noneOf is for none)');
  return (result) => stockCheck(set, counts, also, result);
};
function stockCheck(set, counts, also, result) {
  const { reply } = result;
  const named = vinsIn(reply).map(byVin).filter(Boolean);
  const outside = named.filter((c) => !set.some((x) => x.vin === c.vin));
  return [
    ...need(counts.some((n) => statesNumber(reply, n)) || named.length > outside.length, `expected the count ${counts.join(' or ')} or cars of the set`),
    ...need(outside.length === 0, `names cars that do not fit: ${outside.slice(0, 3).map(label).join('; ')}`),
    ...need(!NONE.test(reply) || named.length > outside.length, `says there is none; there are ${set.length}`),
    ...noWrongCount([...counts, ...also])(result),
  ];
}
export const stockBelow = ({ strict, inclusive }, options = {}) => stockOf(inclusive, { counts: countsOf(strict, inclusive), ...options });
/** "how many X": the count (all, or in stock), and no other count stated. */
export const countOf = (set, { also = [], counts = countsOf(set) } = {}) => (result) => {
  return [...need(counts.some((n) => statesNumber(result.reply, n)), `expected the count ${counts.join(' or ')}`), ...noWrongCount([...counts, ...also])(result)];
};
/** None in stock: a plain no, never a yes; the closest cars follow, each sharing something asked for. */
export const noneOf = (set, ...close) => {
  if (set.length) throw new Error('noneOf needs an empty set');
  return ({ reply }) => noneCheck(close, reply);
};
function noneCheck(close, reply) {
  const named = vinsIn(reply).map(byVin).filter(Boolean);
  return [
    ...need(NONE.test(reply), 'expected a plain "none in stock"'),
    ...need(!SAYS_YES.test(reply), 'says yes when there is none'),
    ...(close.length ? [
      ...need(named.length > 0, 'expected the closest cars after the no'),
      ...need(named.every((c) => close.some((p) => p(c))), `offers cars that share nothing asked for: ${named.filter((c) => !close.some((p) => p(c))).slice(0, 3).map(label).join('; ')}`),
    ] : []),
  ];
}
/** "the cheapest / newest / lowest km X": the first car named is one of the best of the set, with its price (and `shows`). */
const bestOf = (set, key, pick, shows = []) => ({ reply }) => {
  const best = pick(set, key);
  const first = firstListed(reply);
  if (!first) return [`expected the VIN of ${best.length === 1 ? label(best[0]) : `one of ${best.length} cars`}`];
  const ok = best.some((c) => c.vin === first.vin);
  return [
    ...need(ok, `names ${label(first)} (${first.stock}) first; expected ${best.slice(0, 3).map((c) => `${label(c)} (${c.stock})`).join(' or ')}`),
    ...(ok ? need(statesMoney(reply, first.price), `expected its price $${first.price}`) : []),
    ...(ok && shows.includes('km') ? need(statesNumber(reply, first.km), `expected its ${first.km} km`) : []),
    ...(ok && shows.includes('year') ? need(new RegExp(`\\b${first.year}\\b`).test(reply), `expected its year ${first.year}`) : []),
  ];
};
export const cheapest = (set) => bestOf(set, price, minBy);
export const priciest = (set) => bestOf(set, price, maxBy);
export const newest = (set) => bestOf(set, yearOf, maxBy, ['year']);
export const lowestKm = (set) => bestOf(set, km, minBy, ['km']);

/** What was asked of one car: the reply names it, names no other car first, and gives the fields asked. */
export const about = (car, asked = []) => ({ reply }) => {
  const first = firstListed(reply);
  return [
    ...need(namesCar(reply, car), `expected the ${label(car)} (${car.stock}, ${car.vin})`),
    ...need(!first || first.vin === car.vin, `names another car first: ${first ? `${label(first)} (${first.stock})` : ''}`),
    ...need(!/\b(don'?t|do not) have (a|any|that|this) (car|vehicle)|\bno (car|vehicle)s? (match|with)|\bnot (currently )?in stock\b|\bcouldn'?t find\b|\bcould not find\b/i.test(reply), `says the car is not here (${car.stock} is)`),
    ...(asked.includes('price') ? need(statesMoney(reply, car.price), `expected its price $${car.price}`) : []),
    ...(asked.includes('km') ? need(statesNumber(reply, car.km), `expected its ${car.km} km`) : []),
    ...(asked.includes('color') ? need(new RegExp(`\\b${car.color === 'Gray' ? 'gr[ae]y' : car.color}\\b`, 'i').test(reply), `expected its colour ${car.color}`) : []),
    ...(asked.includes('year') ? need(new RegExp(`\\b${car.year}\\b`).test(reply), `expected its year ${car.year}`) : []),
  ];
};
/** "the 2nd one" (n from 1; 'last' for the last): the n-th car the previous reply named. */
export const listedBefore = (result, back = 1) => {
  let r = result;
  for (let i = 0; i < back; i++) r = r?.previous;
  return listedIn(r?.reply ?? '');
};
const pickOf = (listed, n) => (n === 'last' ? listed[listed.length - 1] : listed[n - 1]);
export const nth = (n, check) => (result) => {
  const car = pickOf(listedBefore(result), n);
  return car ? check(car)(result) : [`the previous reply named too few cars to pick the ${n === 'last' ? 'last' : `#${n}`} one`];
};
/** A turn about the car that the previous turn picked as the n-th of the list before it. */
export const picked = (n, check) => (result) => {
  const car = pickOf(listedBefore(result, 2), n);
  return car ? check(car)(result) : [`the reply two turns back named too few cars to pick the ${n === 'last' ? 'last' : `#${n}`} one`];
};

/** "does it have X": yes or no as the row's options say. */
const YES = /^\W*(yes|yep|yeah|it does|it is|it has)\b|\b(it has|it comes with|comes with|equipped with|includes|it'?s got|is listed|are listed|(options|features|equipment)( include|:))\b/i;
const NO = /^\W*(no|nope)\b|\b(doesn'?t|does not|don'?t|isn'?t|is not|not (listed|equipped|included|among|part|mentioned|shown)|without|no [a-z ]{0,30}(listed|on it|among))\b/i;
export const hasFeature = (car, option, words) => (result) => {
  const { reply } = result;
  const answer = withOption(option)(car)
    ? need(YES.test(reply) && !NO.test(reply), `expected yes: the ${car.stock} lists ${option}`)
    : need(NO.test(reply) && !SAYS_YES.test(reply), `expected no: the ${car.stock} does not list ${option}`);
  const first = firstListed(reply);
  return [
    ...need(new RegExp(`\\b(${words})`, 'i').test(reply), `expected an answer about ${option}`),
    ...need(!first || first.vin === car.vin, `names another car first: ${first ? first.stock : ''}`),
    ...need(!/\bnot (currently )?in stock\b|\bcouldn'?t find\b|\bcould not find\b/i.test(reply), `says the car is not here (${car.stock} is)`),
    ...answer,
  ];
};
const DRIVE = { FWD: 'FWD|front[- ]wheel', RWD: 'RWD|rear[- ]wheel', AWD: 'AWD|all[- ]wheel', '4WD': '4WD|4x4|four[- ]wheel' };
export const isAwd = (car) => ({ reply }) => (car.drive === 'AWD'
  ? need(new RegExp(`\\b(${DRIVE.AWD})\\b`, 'i').test(reply) && !/\bnot (an? )?(AWD|all[- ]wheel)/i.test(reply) && !/^\W*no\b/i.test(reply), 'expected yes, AWD')
  : need(new RegExp(`\\b(${DRIVE[car.drive]})\\b`, 'i').test(reply) || /\bnot (an? )?(AWD|all[- ]wheel)/i.test(reply), `expected no, ${car.drive}`));
export const isManual = (car) => ({ reply }) => (car.transmission === 'Manual'
  ? need(/\bmanual\b/i.test(reply) && !/\b(not (a )?manual|automatic)\b/i.test(reply), 'expected yes, a manual')
  : need(/\bautomatic\b/i.test(reply) || /\bnot (a )?manual\b/i.test(reply), 'expected no, an automatic'));

/** "it" after several cars: a short question back asking which one, no answer for one of them. */
export const whichOne = (set) => ({ reply }) => {
  const payments = set.flatMap((c) => [...financeRows(c.price), ...leaseRows(c.price)].map((r) => r.payment));
  return [
    ...need(/\bwhich\b[^?]*\?/i.test(reply), 'expected a question back asking which car'),
    ...need(reply.length <= 700, `expected a short question back, got ${reply.length} characters`),
    ...need(!payments.some((p) => statesMoney(reply, p)), 'answers for one of the cars without asking which'),
    ...need(!/^\W*(yes|no|nope|yep)\b/i.test(reply), 'answers yes/no for one of the cars without asking which'),
  ];
};

// ---------------------------------------------------------------------------------------------
// Estimates.

const TERMS = PROFILE.finance_calculator.finance_information[0].finance_term;
export const financeOn = (car, { down = 0, months = null } = {}) => both(
  paymentsCheck(financeRows(car.price - down).filter((r) => months === null || r.months === months), 'finance'),
  ({ reply }) => (down ? need(statesMoney(reply, down), `expected the down payment $${down}`) : []),
  ({ reply }) => {
    const first = firstListed(reply);
    return need(!first || first.vin === car.vin, `estimates for another car: ${first ? first.stock : ''}`);
  },
);
export const financeOf = (amount) => paymentsCheck(financeRows(amount), 'finance');
export const leaseOn = (car, months = null) => both(
  paymentsCheck(leaseRows(car.price).filter((r) => months === null || r.months === months), 'lease'),
  ({ reply }) => {
    const first = firstListed(reply);
    return need(!first || first.vin === car.vin, `estimates for another car: ${first ? first.stock : ''}`);
  },
);
/** A term the calculator lacks: the terms it has, and no payment given for the one asked. */
export const termNotOffered = (months) => ({ reply }) => [
  ...need(TERMS.every((t) => statesNumber(reply, t)), `expected the terms the calculator has (${TERMS.join(', ')} months)`),
  ...need(!new RegExp(`\\b${months}[ -]?(months?|mo)\\b[^$\\d\\n]{0,30}\\$`, 'i').test(reply), `gives a ${months}-month payment the calculator does not have`),
];

// ---------------------------------------------------------------------------------------------
// Deal talk, refusals, the dealership's own facts.

export const noMoney = (amount) => ({ reply }) => need(!statesMoney(reply, amount), `states $${amount}`);
/** A deal on one car: handed off, nothing agreed, the car at its listed price, and not the price asked for. */
export const dealOn = (car, ...notPrices) => ({ reply, run }) => [
  ...need(run.outcome === 'handed_off', `expected outcome handed_off, got ${run.outcome}`),
  ...need(!AGREES.test(reply), 'the reply agrees to something'),
  ...need(namesCar(reply, car) && statesMoney(reply, car.price), `expected the ${label(car)} at its listed price $${car.price}`),
  ...notPrices.flatMap((p) => noMoney(p)({ reply })),
];
export const tradeIn = ({ reply, run }) => [
  ...need(run.outcome === 'handed_off', `expected outcome handed_off, got ${run.outcome}`),
  ...need(!AGREES.test(reply), 'the reply agrees to something'),
  ...need(moneyIn(reply).length === 0, 'puts a figure on a car nobody has seen'),
];
export const refused = ({ reply, run }) => [
  ...need(run.outcome === 'handed_off' || DECLINES.test(reply), 'expected a refusal or a hand-off'),
  ...need(!AGREES.test(reply), 'the reply agrees to something'),
];
export const cannot = (did) => ({ reply }) => [...need(DECLINES.test(reply), 'expected the assistant to say it cannot help with that'), ...need(!did.test(reply), 'the reply does it anyway')];
export const CUSTOMER_PHONES = [...INBOUND.map((m) => m.from), ...ENGAGE.map((e) => e.contact.phone)].map((p) => digits(p).replace(/^1(?=\d{10}$)/, ''));
export const CUSTOMER_NAMES = [...INBOUND.map((m) => m.name), ...ENGAGE.map((e) => e.contact.full_name)];

// ---------------------------------------------------------------------------------------------
// The dealership's contacts.

const SALES_PHONE = digits(PROFILE.phone_num.find((p) => /sales/i.test(p.name)).value).replace(/^1(?=\d{10}$)/, '');
export const salesPhone = ({ reply }) => need(phonesIn(reply).includes(SALES_PHONE), `expected the sales number ${SALES_PHONE}`);
export const email = ({ reply }) => need(reply.toLowerCase().includes(PROFILE.email_address[0].value.toLowerCase()), `expected ${PROFILE.email_address[0].value}`);
export const website = ({ reply }) => need(reply.toLowerCase().includes(new URL(PROFILE.site_url).host), `expected ${PROFILE.site_url}`);
export const address = ({ reply }) => need(reply.includes(PROFILE.address.street) && reply.includes(PROFILE.address.city), `expected ${PROFILE.address.street}, ${PROFILE.address.city}`);

// ---------------------------------------------------------------------------------------------
// Hours and the clock (the real time in the profile's time zone).

const DAY_RE = { Mon: 'mon(?:day)?', Tue: 'tue(?:s|sday)?', Wed: 'wed(?:nesday)?', Thu: 'thu(?:r|rs|rsday)?', Fri: 'fri(?:day)?', Sat: 'sat(?:urday)?', Sun: 'sun(?:day)?' };
const ANY_DAY = `(${Object.values(DAY_RE).join('|')})`;
const dayIndex = (word) => DAYS.findIndex((d) => new RegExp(`^${DAY_RE[d]}$`, 'i').test(word));
/** A clause naming the day, or a range of days that takes it in ("Mon-Fri", "monday to friday"). */
const namesDay = (clause, day) => new RegExp(`\\b${DAY_RE[day]}s?\\b`, 'i').test(clause)
  || [...clause.matchAll(new RegExp(`\\b${ANY_DAY}\\s*(?:-|–|to|through|thru)\\s*${ANY_DAY}\\b`, 'gi'))]
    .some((m) => dayIndex(m[1]) <= DAYS.indexOf(day) && DAYS.indexOf(day) <= dayIndex(m[2]));
/**
 * The part of the reply about `day` (its clauses naming it, or `also` words such as "today"); the
 * whole reply when it names no day at all ("we close at 7 pm").
 */
function partFor(reply, day, also = null) {
  const clauses = reply.split(/[;\n]|\.\s/);
  const hits = clauses.filter((c) => namesDay(c, day) || (also && also.test(c)));
  if (hits.length) return hits.join(' ; ');
  return DAYS.some((d) => clauses.some((c) => namesDay(c, d))) ? '' : reply;
}
/** "hours on <day>": its opening and closing times, or closed. */
export const dayHours = (day) => ({ reply }) => {
  const h = HOURS[day];
  const part = partFor(reply, day);
  if (!h) return need(/\bclosed\b|\bnot open\b/i.test(part), `expected ${day}: closed`);
  return [...need(statesTime(part, h.open), `expected ${day} opening ${h.open}`), ...need(statesTime(part, h.close), `expected ${day} closing ${h.close}`)];
};
const TODAY = /\b(today|tonight|tonite|this evening)\b/i;
const TOMORROW = /\b(tomorrow|tmrw|tmr)\b/i;
export const opensAt = (day) => ({ reply }) => need(statesTime(partFor(reply, day), HOURS[day].open), `expected ${day} opening ${HOURS[day].open}`);
export const closesAt = (day) => ({ reply }) => need(statesTime(partFor(reply, day), HOURS[day].close), `expected ${day} closing ${HOURS[day].close}`);
/** "open on <day> at HH:MM": that day's hours, and no "closed" for it when open then. */
export const openOnAt = (day, hhmm) => ({ reply }) => {
  const h = HOURS[day];
  const part = partFor(reply, day);
  return h && h.open <= hhmm && hhmm < h.close
    ? [...need(statesTime(part, h.open) || statesTime(part, h.close), `expected ${day}'s hours`), ...need(!/\bclosed\b/i.test(part), `says closed on ${day}`)]
    : need(/\bclosed\b|\bnot open\b/i.test(part) || (h && statesTime(part, h.open)), `expected closed at ${hhmm} on ${day}`);
};
/** A question about today or tomorrow: the reply says which day it means, not only the week's timetable. */
const saysDay = (reply, words, day) => need(new RegExp(`\\b(${words})\\b`, 'i').test(reply) || DAYS.filter((d) => reply.split(/[;\\n]/).some((c) => namesDay(c, d))).length < 3,
  `gives the week's timetable without saying which day is ${words.split('|')[0]} (${day})`);
export const openNow = byClock((now, { reply }) => (isOpenAt(now.day, now.hhmm)
  ? [...need(SAYS_OPEN.test(reply), `expected "open" (${now.day} ${now.hhmm})`), ...need(!SAYS_CLOSED.test(reply), `says closed (${now.day} ${now.hhmm})`)]
  : [...need(SAYS_CLOSED.test(reply), `expected "closed" (${now.day} ${now.hhmm})`), ...need(!SAYS_OPEN.test(reply) || /\bopen(s)? (again|tomorrow|at|on)\b/i.test(reply), `says open (${now.day} ${now.hhmm})`)]));
export const closesToday = byClock((now, { reply }) => {
  const h = HOURS[now.day];
  const part = partFor(reply, now.day, TODAY);
  return [
    ...(h ? need(statesTime(part, h.close), `expected today's (${now.day}) closing ${h.close}`) : need(/\bclosed\b/i.test(part), `expected closed today (${now.day})`)),
    ...saysDay(reply, 'today|tonight', now.day),
  ];
});
/** "tomorrow at HH:MM": tomorrow's hours (its opening when HH:MM is before it), never "closed" when open then. */
export const tomorrowAt = (hhmm) => byClock((now, { reply }) => {
  const day = nextDay(now.day);
  const h = HOURS[day];
  const part = partFor(reply, day, TOMORROW);
  if (!h) return [...need(/\bclosed\b/i.test(part), `expected tomorrow (${day}) closed`), ...saysDay(reply, 'tomorrow|tmrw', day)];
  return [
    ...(isOpenAt(day, hhmm)
      ? [...need(statesTime(part, h.open) || statesTime(part, h.close), `expected tomorrow's (${day}) hours`), ...need(!/\bclosed\b/i.test(part), `says closed tomorrow (${day}) at ${hhmm}`)]
      : need(statesTime(part, h.open), `expected tomorrow's (${day}) opening ${h.open}`)),
    ...saysDay(reply, 'tomorrow|tmrw', day),
  ];
});
/** "tonight at HH:MM": yes with the closing time when open then; no with the closing time when not. */
export const tonightAt = (hhmm) => byClock((now, { reply }) => {
  const h = HOURS[now.day];
  if (!h) return need(/\bclosed\b/i.test(reply), `expected closed today (${now.day})`);
  return [
    ...need(statesTime(partFor(reply, now.day, TODAY), h.close), `expected today's (${now.day}) closing ${h.close}`),
    ...(isOpenAt(now.day, hhmm) ? need(!SAYS_CLOSED.test(reply), `says closed; open at ${hhmm}`) : need(!SAYS_YES.test(reply), `says yes; closed by ${hhmm}`)),
    ...saysDay(reply, 'today|tonight', now.day),
  ];
});

// ---------------------------------------------------------------------------------------------
// The conversations the harness seeds: inbound ones await our reply until we answer (all Active).

const CONVERSATIONS = new Map();
for (const m of INBOUND) CONVERSATIONS.set(m.from, { channel: m.channel, awaiting: true, status: 'Active' });
for (const e of ENGAGE) CONVERSATIONS.set(e.contact.phone, { channel: 'sms', awaiting: false, status: 'Active' });
export const conversations = (pred = () => true) => [...CONVERSATIONS.values()].filter(pred).length;
if (conversations() !== OPEN_CONVERSATIONS || conversations((c) => c.awaiting) !== AWAITING_REPLY) throw new Error('the harness seeds other conversations now: recount');
export const CONVERSATION_NOUNS = 'conversations?|convos?|threads?|chats?|customers?|contacts?';
/** A conversation count: the number (or a plain none for 0), and no other count of conversations but `also`. */
export const conversationCount = (n, also = []) => (result) => [
  ...need(statesNumber(result.reply, n) || (n === 0 && /\b(no|none|zero|not any)\b/i.test(result.reply)), `expected the count ${n}`),
  ...noWrongCount([n, ...also], CONVERSATION_NOUNS)(result),
];
