/**
 * Numbers in the query: a number with what leads it ("under", "between ... and"), what trails it
 * ("or less", "+", a range "-30k") and its unit ("km", "a month") becomes one numeric condition on
 * the attribute the unit, a cue word ("budget", "mileage", "lease") or the number's shape (a model
 * year, "$", "k") points to; miles become km.
 */
import { type CueAttribute, type CondSpec } from './lexicon';
import { cond, INTEGER_ATTRS, makeAtom, MILES_TO_KM } from './atoms';
import type { LeadingComparator, TrailingComparator, Unit } from './comparator-lexicon';
import type { ParseState } from './parse-state';
import { type LeadCandidate, mainAt, trailingAt, unitAt } from './phrase-match';
import { vehicleAt } from './background';
import { isYearish, type Token } from './tokenizer';

function activeCue(s: ParseState, i: number): CueAttribute | null {
  const c = s.cue;
  if (!c || c.atoms !== s.atomCount || i - c.end > 3 || i < c.end) return null;
  return c.attr;
}

/** "X to Y", "X-Y", "X through Y" (and "X and Y" after between). */
function rangeTail(toks: readonly Token[], j: number, allowAnd: boolean): { b: Token; next: number } | null {
  const t = toks[j];
  if (!t) return null;
  if (t.kind === 'num' && t.hyphen) return { b: t, next: j + 1 };
  const joiners = allowAnd ? ['to', 'through', 'thru', 'until', 'till', 'and'] : ['to', 'through', 'thru', 'until', 'till'];
  if (t.kind === 'word' && joiners.includes(t.text)) {
    const b = toks[j + 1];
    if (b && b.kind === 'num') return { b, next: j + 2 };
  }
  return null;
}

/**
 * "2019-21", "2015 to 18": a model year, then the last digits of a later one, is a range of
 * years; the second number becomes that year (else it stays as written).
 */
function shortYearEnd(a: Token, b: Token): Token {
  if (!isYearish(a) || b.value >= 100 || b.k || b.dollar || b.decimal || b.words || b.ordinal || b.text.length !== 2) return b;
  let year = a.value - (a.value % 100) + b.value;
  if (year <= a.value) year += 100;
  return year - a.value <= 30 ? { ...b, value: year, text: String(year), compact: String(year) } : b;
}

export function parseNumber(s: ParseState, i: number, lead: LeadCandidate | null): number {
  const toks = s.toks;
  let j = lead ? i + lead.span : i;
  let cue = activeCue(s, i);
  let articleBetween = false;
  if (lead) {
    for (let skipped = 0; skipped < 3 && j < toks.length && toks[j].kind !== 'num'; skipped++) {
      const m = mainAt(s.toks, j);
      if (!m || m.src !== 'main' || (m.entry.k !== 'weak' && m.entry.k !== 'cue')) break;
      if (m.entry.k === 'cue') cue = m.entry.attr;
      if (toks[j].text === 'a' || toks[j].text === 'an') articleBetween = true;
      // "tell me about the 2021 RAV4": "about the" names a topic, not an approximate number.
      if (toks[j].text === 'the' && lead.entry.cmp === 'around') return parseNumber(s, j + m.span, null);
      j += m.span;
    }
  }
  const a = toks[j];
  if (!a || a.kind !== 'num') return -1;
  let b: Token | null = null;
  let k = j + 1;
  let cmp: LeadingComparator | TrailingComparator | 'eq' | 'range';
  let yearOnly = lead?.entry.year ?? false;
  let trailing = false;
  if (lead && (lead.entry.cmp === 'between' || lead.entry.cmp === 'from')) {
    const r = rangeTail(s.toks, k, lead.entry.cmp === 'between');
    if (r) {
      b = r.b;
      k = r.next;
      cmp = 'range';
    } else if (lead.entry.cmp === 'from') {
      // "from 2015", "from 2015 or newer", "from 20k up"
      const tr = trailingAt(s.toks, k, isYearish(a));
      if (tr) {
        cmp = tr.entry.cmp;
        k += tr.span;
      } else cmp = 'gte';
      if (isYearish(a)) yearOnly = true;
    } else cmp = 'eq';
  } else if (lead) {
    cmp = lead.entry.cmp;
  } else {
    const r = rangeTail(s.toks, k, false);
    if (r) {
      b = r.b;
      k = r.next;
      cmp = 'range';
    } else cmp = 'eq';
  }
  if (cmp === 'eq' && a.ish) cmp = 'around';
  if (b) b = shortYearEnd(a, b);

  let unit: Unit | null = null;
  const takeUnit = (): void => {
    if (unit !== null) return;
    const u = unitAt(s.toks, k);
    if (u) {
      unit = u.unit;
      k += u.span;
    }
  };
  if (!lead && cmp === 'eq' && toks[k]?.kind === 'sym' && toks[k].text === '+') {
    cmp = 'gte';
    trailing = true;
    yearOnly = isYearish(a);
    k++;
  }
  takeUnit();
  if (!lead && cmp === 'eq') {
    const tr = trailingAt(s.toks, k, isYearish(a) && unit === null);
    if (tr) {
      cmp = tr.entry.cmp;
      yearOnly = tr.entry.year ?? false;
      trailing = true;
      k += tr.span;
      takeUnit();
    }
  }
  // "20-30k", "between 20 and 30 grand": the scale of the second number applies to the first
  let av = a.value;
  const bv = b ? b.value : NaN;
  if (b && b.k && !a.k && av < 1000 && bv >= 1000) av *= 1000;

  const attr = resolveAttribute(s, { a, b, unit, cue, yearOnly, cmp, trailing, articleBetween, lead: lead !== null, start: i, end: k });
  if (attr === null) return -1;
  // "room for 5", "fits 7": at least that many seats
  if (cmp === 'eq' && cue === 'capacity') cmp = 'gte';
  const conds = buildNumericConds(attr.attribute, cmp, av, b ? bv : null, attr.miles);
  if (conds.length === 0) return -1;
  s.cue = null;
  s.emit(makeAtom(attr.attribute, conds), lead !== null || trailing);
  s.lastAtomEnd = k;
  return k;
}

function resolveAttribute(s: ParseState, x: {
  a: Token;
  b: Token | null;
  unit: Unit | null;
  cue: CueAttribute | null;
  yearOnly: boolean;
  cmp: string;
  trailing: boolean;
  articleBetween: boolean;
  lead: boolean;
  start: number;
  end: number;
}): { attribute: string; miles: boolean } | null {
  const plain = (attribute: string) => ({ attribute, miles: false });
  switch (x.unit) {
    case 'km':
      return plain('kilometers');
    case 'miles':
      return { attribute: 'kilometers', miles: true };
    case 'hp':
      return plain('horse_power');
    case 'seats':
      return plain('seats');
    case 'doors':
      return plain('doors');
    case 'month':
      // "3pm", "at 5 pm": an hour, not a payment (no car is paid off at a few dollars a month).
      if (x.a.value < 20 && x.b === null) return null;
      if (x.cue === 'lease') return plain('monthly_lease_payment');
      if (x.cue === 'finance') return plain('monthly_finance_payment');
      return plain(leaseNear(s, x.start, x.end) ? 'monthly_lease_payment' : 'monthly_finance_payment');
    case 'mpg':
      return plain(cityNear(s, x.start, x.end) ? 'fuel_economy_city' : 'fuel_economy_highway');
    case 'dollars':
      return plain(x.cue === 'lease' ? 'monthly_lease_payment' : x.cue === 'finance' ? 'monthly_finance_payment' : 'price');
    case 'other':
      return null;
    case null:
      break;
  }
  const yearish = isYearish(x.a) && (x.b === null || isYearish(x.b));
  // "the price of the 2020 Civic": no car costs a model year's worth of dollars; nor is "finance the 2021 RAV4" a payment of 2,021,
  // nor "kms on the 2020 Outback" 2,020 km: a year-like number written before a car (a colour between at most) is its model year.
  const beforeACar = x.b === null && (vehicleAt(s, x.end) || vehicleAt(s, x.end + 1));
  if (yearish && (x.cue === 'price' || x.cue === null || (!x.lead && (beforeACar || x.cue === 'finance' || x.cue === 'lease' || x.cue === 'monthly')))) return plain('year');
  switch (x.cue) {
    case 'price':
      return plain('price');
    case 'kilometers':
      return plain('kilometers');
    case 'miles':
      return { attribute: 'kilometers', miles: true };
    case 'horse_power':
      return plain('horse_power');
    case 'seats':
    case 'capacity':
      return plain('seats');
    case 'doors':
      return plain('doors');
    case 'lease':
      return plain('monthly_lease_payment');
    case 'finance':
      return plain('monthly_finance_payment');
    case 'monthly':
      return plain(leaseNear(s, x.start, x.end) ? 'monthly_lease_payment' : 'monthly_finance_payment');
    case 'year':
      return plain('year');
    case 'mpg':
      return plain(cityNear(s, x.start, x.end) ? 'fuel_economy_city' : 'fuel_economy_highway');
    case null:
      break;
  }
  if (x.yearOnly) return isYearish(x.a) ? plain('year') : null;
  // a number that reads as a model year is one, whatever the comparator ("at least 2019",
  // "under 2015"): no car costs a model year's worth of dollars; "$2,000" and "2k" are prices
  if (yearish) return plain('year');
  const money = x.a.dollar || x.a.k || (x.b !== null && (x.b.dollar || x.b.k));
  if (money) return plain('price');
  // a bare plain number means nothing by itself, nor does a small one ("0-60 in 4 seconds", "top 10")
  if (x.cmp === 'eq' || x.a.value < 100) return null;
  return plain('price');
}

/** "city" or "town" around an mpg figure ("30 mpg in the city", "city mpg over 25"): else the highway figure. */
function cityNear(s: ParseState, start: number, end: number): boolean {
  for (let j = Math.max(0, start - 3, s.lastAtomEnd); j < Math.min(s.toks.length, end + 4); j++) {
    const w = s.toks[j].text;
    if (w === 'city' || w === 'town') return true;
  }
  return false;
}

/** "lease" within the current clause (since the previous condition) or right after the number. */
function leaseNear(s: ParseState, start: number, end: number): boolean {
  for (let j = Math.max(0, start - 6, s.lastAtomEnd); j < Math.min(s.toks.length, end + 3); j++) {
    const w = s.toks[j].text;
    if (w === 'lease' || w === 'leasing' || w === 'leased' || w === 'leases') return true;
  }
  return false;
}

const round2 = (v: number): number => Math.round(v * 100) / 100;

export function buildNumericConds(
  attribute: string,
  cmp: LeadingComparator | TrailingComparator | 'eq' | 'range',
  a: number,
  b: number | null,
  miles: boolean,
): CondSpec[] {
  const integer = INTEGER_ATTRS.has(attribute);
  const conv = (v: number): number => {
    const x = miles ? v * MILES_TO_KM : v;
    return integer ? Math.round(x) : round2(x);
  };
  const va = conv(a);
  switch (cmp) {
    case 'lt':
    case 'lte':
    case 'gt':
    case 'gte':
      return [cond(attribute, cmp, va)];
    case 'range': {
      const vb = conv(b ?? a);
      return [cond(attribute, 'gte', Math.min(va, vb)), cond(attribute, 'lte', Math.max(va, vb))];
    }
    case 'around': {
      if (attribute === 'year') return [cond(attribute, 'gte', va - 1), cond(attribute, 'lte', va + 1)];
      if (attribute === 'seats' || attribute === 'doors') return [cond(attribute, 'eq', va)];
      const lo = integer ? Math.round(va * 0.9) : round2(va * 0.9);
      const hi = integer ? Math.round(va * 1.1) : round2(va * 1.1);
      return [cond(attribute, 'gte', lo), cond(attribute, 'lte', hi)];
    }
    case 'eq':
    case 'between':
    case 'from':
      if (attribute === 'year' || attribute === 'seats' || attribute === 'doors') return [cond(attribute, 'eq', va)];
      // "300 hp", "30 mpg": at least that much
      if (attribute === 'horse_power' || attribute.startsWith('fuel_economy')) return [cond(attribute, 'gte', va)];
      return [cond(attribute, 'lte', va)];
  }
}
