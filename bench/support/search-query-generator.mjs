// The query generator of `npm run eval:search-generated`: composes natural-language searches the way
// shoppers type them, each with its oracle filter (decisions.md section 4 node shape), from the
// actual values of actual cars of a dealership and from the vocabulary (search-vocabulary.md, the
// shared data README's conventions, and the project's conventions for fuel economy, seating, towing
// and age in words). Written blind: from the spec and the data, never from the translator's code.
// Pure and seeded: the same seed, count and cars give the same queries.
import { evaluateFilter, parseCsv, selectVins } from './filter-eval.mjs';

// ---------------------------------------------------------------- seeded randomness

function makeRng(seed) {
  let a = seed >>> 0 || 1;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const rng = {
    next,
    int: (lo, hi) => lo + Math.floor(next() * (hi - lo + 1)),
    pick: (xs) => xs[Math.floor(next() * xs.length)],
    chance: (p) => next() < p,
    weighted(entries) {
      const total = entries.reduce((s, [, w]) => s + w, 0);
      let r = next() * total;
      for (const [v, w] of entries) if ((r -= w) < 0) return v;
      return entries[entries.length - 1][0];
    },
    shuffle(xs) {
      const out = [...xs];
      for (let i = out.length - 1; i > 0; i--) {
        const j = Math.floor(next() * (i + 1));
        [out[i], out[j]] = [out[j], out[i]];
      }
      return out;
    },
  };
  return rng;
}

// ---------------------------------------------------------------- filter nodes

const leaf = (attribute, comparator, value) => ({ comparator, attribute, value, operator: null, arguments: [] });
const op = (operator, args) => ({ comparator: null, attribute: null, value: null, operator, arguments: args });
const and = (...args) => op('and', args);
const or = (...args) => op('or', args);
const not = (arg) => op('not', [arg]);

// ---------------------------------------------------------------- the messy feed, labelled by hand

// What each text of test/fixtures/messy-dealer-feed.csv means in the vocabulary's canonical values
// (search matches the canonical value; decisions.md section 5). Labelled by a person reading the
// feed, not by the import's code: 4x2 on these trucks and SUVs is rear-wheel drive, a CVT is an
// automatic, a manufacturer colour is the colour its name says (Blueprint is blue, Quicksilver silver).
const FEED_TYPES = {
  'Crew Cab Pickup': 'Truck', 'SuperCrew Cab': 'Truck', 'Regular Cab Pickup': 'Truck', 'Crew Cab': 'Truck', 'Quad Cab Pickup': 'Truck',
  'Double Cab Pickup': 'Truck', 'Regular Cab': 'Truck', SuperCab: 'Truck', SuperCrew: 'Truck', 'Access Cab': 'Truck', 'Double Cab': 'Truck',
  'Mega Cab Pickup': 'Truck', 'Regular Cab Chassis-Cab': 'Truck', 'King Cab': 'Truck',
  'Sport Utility': 'SUV', '4dr SUV': 'SUV', '2dr SUV': 'SUV',
  Sedan: 'Sedan', '4dr Car': 'Sedan', Coupe: 'Coupe', '2dr Car': 'Coupe', Convertible: 'Convertible', '4dr Hatchback': 'Hatchback',
};
const FEED_COLOR_SPECIAL = { Blueprint: 'Blue', 'Quicksilver Metallic': 'Silver' };
const CANONICAL_COLORS = ['Black', 'White', 'Silver', 'Gray', 'Red', 'Blue', 'Green', 'Brown', 'Beige', 'Gold', 'Orange', 'Yellow', 'Purple'];
const FEED_DRIVES = {
  '4x4': '4WD', '4X4': '4WD', '4WD': '4WD', 'Four Wheel Drive': '4WD', '4x2': 'RWD', '4X2': 'RWD', RWD: 'RWD', 'Rear Wheel Drive': 'RWD',
  AWD: 'AWD', 'All Wheel Drive': 'AWD', FWD: 'FWD', 'Front Wheel Drive': 'FWD',
};
const FEED_FUELS = { Gasoline: 'Gasoline', Gas: 'Gasoline', Diesel: 'Diesel', Hybrid: 'Hybrid', 'Gas/Electric Hybrid': 'Hybrid' };

function feedColor(text) {
  if (FEED_COLOR_SPECIAL[text]) return FEED_COLOR_SPECIAL[text];
  const words = text.split(/[\s-]+/);
  const hits = CANONICAL_COLORS.filter((c) => words.includes(c));
  if (hits.length !== 1) throw new Error(`messy feed: colour ${JSON.stringify(text)} has no label`);
  return hits[0];
}

function labelled(table, text, what) {
  if (text === '') return null;
  if (!Object.hasOwn(table, text)) throw new Error(`messy feed: ${what} ${JSON.stringify(text)} has no label`);
  return table[text];
}

const number = (s) => {
  const t = String(s).replace(/[$,\s]/g, '');
  return t === '' || !Number.isFinite(Number(t)) ? null : Number(t);
};

/**
 * The cars of the messy feed as search sees them for a region-US dealership: canonical values,
 * mileage (miles) stored as km, "Call for Price" as no price. Only the attributes the feed has.
 */
export function feedCars(csvText) {
  return parseCsv(csvText).map((r) => {
    const miles = number(r['Mileage']);
    return {
      vin: r['VIN'].toUpperCase(), stock_number: r['Stock #'], year: number(r['Year']), manufacturer: r['Make'], model: r['Model'], trim: r['Trim'] || null,
      type: labelled(FEED_TYPES, r['Body Style'], 'body style'), doors: number(r['Doors']), color: r['Exterior Color'] ? feedColor(r['Exterior Color']) : null,
      kilometers: miles === null ? null : Math.round(miles * 1.609344), price: number(r['Price']), drive_train: labelled(FEED_DRIVES, r['Drivetrain'], 'drivetrain'),
      transmission: r['Transmission'] ? (/manual/i.test(r['Transmission']) ? 'Manual' : 'Automatic') : null, fuel_type: labelled(FEED_FUELS, r['Fuel Type'], 'fuel type'),
      fuel_economy_city: number(r['City MPG']), fuel_economy_highway: number(r['Highway MPG']), certified: r['Certified'], condition: 'used', options: r['Options'] || null,
    };
  });
}

// ---------------------------------------------------------------- words

const ONES = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve', 'thirteen', 'fourteen', 'fifteen', 'sixteen', 'seventeen', 'eighteen', 'nineteen'];
const TENS = ['', '', 'twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'];
function numberWords(n) {
  if (n < 20) return ONES[n];
  if (n < 100) return TENS[Math.floor(n / 10)] + (n % 10 ? `${n % 2 ? '-' : ' '}${ONES[n % 10]}` : '');
  return `${ONES[Math.floor(n / 100)]} hundred${n % 100 ? ` ${numberWords(n % 100)}` : ''}`;
}

const commas = (n) => n.toLocaleString('en-US');

/** A money or distance amount as shoppers write it; returns [text, tags]. */
function amountText(rng, n, { money = true, allowWords = true } = {}) {
  const styles = [['k', 4], ['K', 1], ['commas', 2], ['plain', 1]];
  if (money) styles.push(['dollars', 3], ['dk', 1]);
  if (money && n % 1000 === 0) styles.push(['grand', 2]);
  if (allowWords && n % 1000 === 0 && n < 100000) styles.push(['words', 1]);
  const thousands = n / 1000;
  const kOk = Number.isInteger(thousands) || Number.isInteger(thousands * 10);
  const style = rng.weighted(styles.filter(([s]) => kOk || !['k', 'K', 'dk', 'grand'].includes(s)));
  switch (style) {
    case 'k': return [`${thousands}k`, ['k-suffix']];
    case 'K': return [`${thousands}K`, ['k-suffix']];
    case 'dk': return [`$${thousands}k`, ['k-suffix']];
    case 'grand': return [`${thousands} grand`, ['k-suffix']];
    case 'commas': return [commas(n), []];
    case 'plain': return [String(n), []];
    case 'dollars': return [`$${commas(n)}`, []];
    case 'words': return [`${numberWords(thousands)} ${money && rng.chance(0.4) ? 'grand' : 'thousand'}`, ['number-words']];
    default: throw new Error(style);
  }
}

const SMS = [[/\bwithout\b/g, 'w/o'], [/\bwith\b/g, 'w/'], [/\byou\b/g, 'u'], [/\bplease\b/g, 'pls'], [/\bthanks\b/g, 'thx'], [/\blooking\b/g, 'lookin'], [/\bsomething\b/g, 'smth']];
const KEYBOARD = 'qwertyuiopasdfghjklzxcvbnm';

/** One-letter typo (drop, swap, double or replace), never the first letter; null when none fits. */
function typo(rng, word) {
  const letters = word.split('');
  const at = rng.int(1, letters.length - 1);
  const kind = rng.pick(['drop', 'swap', 'double', 'replace']);
  if (!/[a-z]/i.test(letters[at])) return null;
  if (kind === 'drop') letters.splice(at, 1);
  else if (kind === 'double') letters.splice(at, 0, letters[at]);
  else if (kind === 'swap') {
    if (at >= letters.length - 1 || letters[at] === letters[at + 1] || !/[a-z]/i.test(letters[at + 1])) return null;
    [letters[at], letters[at + 1]] = [letters[at + 1], letters[at]];
  } else {
    let c;
    do c = rng.pick(KEYBOARD.split('')); while (c === letters[at].toLowerCase());
    letters[at] = c;
  }
  return letters.join('');
}

// ---------------------------------------------------------------- stock knowledge

const lc = (s) => String(s).toLowerCase();
const value = (car, a) => {
  const v = car[a];
  if (v === null || v === undefined || v === '') return null;
  if (typeof v === 'number') return v;
  const t = String(v).replace(/[$,\s]/g, '');
  return ['year', 'price', 'kilometers', 'horse_power', 'seats', 'doors', 'monthly_lease_payment', 'monthly_finance_payment', 'fuel_economy_city', 'fuel_economy_highway'].includes(a)
    ? (t === '' || !Number.isFinite(Number(t)) ? null : Number(t))
    : String(v).trim() || null;
};

const MAKE_NAMES = {
  Chevrolet: [['chevy', 'indirect-make'], ['chevrolet', null]], Volkswagen: [['vw', 'indirect-make'], ['volkswagen', null]],
  'Mercedes-Benz': [['merc', 'indirect-make'], ['mercedes', 'indirect-make'], ['benz', 'indirect-make'], ['mercedes-benz', null]],
  BMW: [['bimmer', 'indirect-make'], ['bmw', null]],
};
/** Shopper spellings of a manufacturer: [text, tag|null]. */
function makeNames(make) {
  return MAKE_NAMES[make] ?? [[lc(make), null]];
}

/** Shopper spellings of a catalog model name (crv, cr v, f150, rav 4, ...). */
function modelSpellings(model) {
  const m = lc(model);
  const out = new Set([m]);
  if (/-/.test(m)) {
    out.add(m.replace(/-/g, ''));
    out.add(m.replace(/-/g, ' '));
  }
  const split = m.replace(/^([a-z]+)(\d+)$/, '$1 $2');
  if (split !== m && !/^[a-z]{1,2} /.test(split)) out.add(split);
  return [...out];
}

// Words that name something else in the vocabulary, or say too little, are never used as a trim.
const TRIM_STOP = new Set(['with', 'plus', 'edition', 'type', 'base', 'standard', 'hybrid', 'electric', 'awd', '4wd', 'fwd', 'rwd', '4x4', 'van', 'cargo',
  'passenger', 'crew', 'window', 'light', 'sport', 'premium', 'luxury', 'performance', 'turbo', 'classic', 'custom', 'pro', 'launch', 'advanced', 'advance',
  'tech', 'convenience', 'explore', 'essence', 'reserve', 'signature', 'ultimate', 'elite', 'line', 'range', 'outdoor', 'gt', 'ss', 'st', 'w', 'express', 'x', 'long', 'wind']);
/** Trim words a shopper types without a model and still means a trim. */
const TRIM_ALONE = new Set(['limited', 'platinum', 'denali', 'xlt', 'xl', 'lariat', 'king ranch', 'raptor', 'tremor', 'high country', 'ltz', 'rst', 'trail boss', 'slt',
  'sle', 'at4', 'elevation', 'tradesman', 'big horn', 'lone star', 'laramie', 'longhorn', 'rebel', 'sr', 'sr5', 'trd pro', 'trd sport', 'trd off-road', 'xle', 'xse',
  'laredo', 'overland', 'summit', 'trailhawk', 'sahara', 'rubicon', 'willys', 'ex-l', 'premier', 'titanium', 'timberline', 'z71', 'pro-4x', 'wildtrak', 'badlands',
  'power wagon', 'long range', 'plaid', 'wilderness', 'trailsport', 'calligraphy', 'autobiography', 'scat pack', 'hellcat', 'warlock']);

// A trim's words are its runs of letters and digits, whatever separates them ("Laramie/Longhorn",
// "LT w/1LT", "EX-L"): "ex" is a word of EX-L, "xl" is no word of XLT, "sr" none of SR5.
const trimTokens = (trim) => lc(trim).split(/[^a-z0-9]+/).filter(Boolean);
const hasPhrase = (tokens, phrase) => tokens.some((_, i) => phrase.every((p, j) => tokens[i + j] === p));

/**
 * What a shopper may type of a car's trim: one of its space- or slash-separated pieces ("ex-l",
 * "trd"), two pieces when they are the whole trim or a name shoppers use ("king ranch", "big horn");
 * never a number or a word that says something else in the vocabulary.
 */
function trimPhrases(trim) {
  const pieces = lc(trim).split(/[\s/,]+/).filter(Boolean);
  const ok = (piece) => /[a-z]/.test(piece) && !/^\d/.test(piece) && piece.length >= 2 && !TRIM_STOP.has(piece);
  const out = pieces.filter(ok);
  for (let i = 0; i + 1 < pieces.length; i++) {
    const pair = `${pieces[i]} ${pieces[i + 1]}`;
    const words = [pieces[i], pieces[i + 1]].every((p) => /[a-z]/.test(p) && p !== 'w' && !TRIM_STOP.has(p));
    if (TRIM_ALONE.has(pair) || (words && pieces.length === 2)) out.push(pair);
  }
  return out;
}

/** What a generator knows of one dealership's stock. */
function stockOf(key, cars, families) {
  const models = new Map(); // model text -> manufacturer
  const trims = new Set();
  for (const c of cars) {
    if (c.model) models.set(c.model, c.manufacturer);
    if (value(c, 'trim')) trims.add(value(c, 'trim'));
  }
  // Families: dealership B's hand-labelled file; for the reference stock, each catalog model is its
  // own family (its names are unique and are catalog names).
  const fams = families
    ? Object.entries(families).map(([name, texts]) => ({ name, texts, manufacturer: models.get(texts[0]) }))
    : [...models].map(([m, make]) => ({ name: lc(m), texts: [m], manufacturer: make }));
  const makes = new Map(cars.map((c) => [lc(c.manufacturer), c.manufacturer])); // "RAM" and "Ram" are one make
  return { key, cars, families: fams, trims: [...trims], makes: [...makes.values()] };
}

/** Every stocked trim that holds the phrase as consecutive words, whatever the separators. */
const trimsWith = (stock, phrase) => stock.trims.filter((t) => hasPhrase(trimTokens(t), phrase));

// ---------------------------------------------------------------- condition parts

// A part is one condition as text: slot 'pre' (before the noun: "red", "2019"), 'noun' (make,
// model, type) or 'post' ("under 30k", "with leather"); `typo` lists the words of it a typo may hit.
const part = (slot, text, filter, { typo: typoWords = [], tags = [], attr = null } = {}) => ({ slot, text, filter, typo: typoWords, tags, attr });
const typoable = (text) => text.split(/[\s,]+/).filter((w) => /^[a-z]{5,}$/i.test(w));

function niceAbove(v, step) {
  return Math.ceil((v + 1) / step) * step;
}
function niceBelow(v, step) {
  return Math.max(step, Math.floor((v - 1) / step) * step);
}

const PRICE_WORDS = {
  lt: ['under {a}', 'below {a}', 'less than {a}', 'under {a}'],
  lte: ['up to {a}', 'at most {a}', 'max {a}', '{a} max', 'no more than {a}', '{a} or less'],
  gt: ['over {a}', 'above {a}', 'more than {a}'],
  gte: ['at least {a}', 'min {a}', 'minimum {a}', '{a} or more'],
};

function pricePart(rng, car, forced) {
  const p = value(car, 'price');
  if (p === null) return null;
  const kind = forced ?? rng.weighted([['lt', 4], ['lte', 3], ['gt', 2], ['gte', 2], ['between', 2], ['around', 2], ['budget', 1]]);
  const step = rng.pick([1000, 1000, 5000, 500]);
  const tags = ['price'];
  if (kind === 'between') {
    const lo = niceBelow(p, step);
    const hi = niceAbove(p, step) + rng.int(0, 3) * step;
    const [a, ta] = amountText(rng, lo, { allowWords: false });
    const [b, tb] = amountText(rng, hi, { allowWords: false });
    const glued = rng.chance(0.25) && ta.includes('k-suffix') && /^\d+(\.\d)?k$/.test(b);
    const text = glued ? `${lo / 1000}-${b}` : rng.pick([`between ${a} and ${b}`, `${a} to ${b}`, `${a}-${b}`]);
    return part('post', text, and(leaf('price', 'gte', lo), leaf('price', 'lte', hi)), { tags: [...tags, 'range', ...ta, ...tb, ...(glued ? ['glued'] : [])], attr: 'price' });
  }
  if (kind === 'around') {
    const x = Math.round(p / 1000) * 1000;
    if (x < 5000) return null;
    const [a, ta] = amountText(rng, x);
    return part('post', `${rng.pick(['around', 'about', 'around'])} ${a}`, and(leaf('price', 'gte', Math.round(x * 0.9)), leaf('price', 'lte', Math.round(x * 1.1))),
      { tags: [...tags, 'around', ...ta], attr: 'price' });
  }
  if (kind === 'budget') {
    const x = niceAbove(p, step);
    const [a, ta] = amountText(rng, x);
    const text = rng.pick([`budget can't go past ${a}`, `nothing over ${a}`, `can't spend more than ${a}`, `not over ${a}`]);
    return part('post', text, leaf('price', 'lte', x), { tags: [...tags, 'negation', ...ta], attr: 'price' });
  }
  // A round price in stock makes lt and lte select different cars: use it as the bound sometimes.
  const exact = p % 1000 === 0 && rng.chance(0.6);
  const x = ['lt', 'lte'].includes(kind) ? (exact && kind === 'lte' ? p : niceAbove(p, step)) : exact && kind === 'gte' ? p : niceBelow(p, step);
  const [a, ta] = amountText(rng, x);
  let text = rng.pick(PRICE_WORDS[kind]).replace('{a}', a);
  const glued = kind === 'lt' && text.startsWith('under ') && ta.includes('k-suffix') && !/ /.test(a) && rng.chance(0.3);
  if (glued) text = `under${a}`;
  if (rng.chance(0.15) && !glued) text = `${rng.pick(['priced', 'for', 'budget'])} ${text}`;
  return part('post', text, leaf('price', kind, x), { tags: [...tags, ...ta, ...(glued ? ['glued'] : [])], attr: 'price' });
}

function yearPart(rng, car) {
  const y = value(car, 'year');
  if (y === null) return null;
  const kind = rng.weighted([['eq', 4], ['gte', 3], ['gt', 1], ['lt', 1], ['lte', 1], ['range', 2]]);
  const tags = ['year'];
  switch (kind) {
    case 'eq': return part('pre', String(y), leaf('year', 'eq', y), { tags, attr: 'year' });
    case 'gte': {
      const t = rng.pick(['{y} or newer', '{y}+', '{y} or later', 'no older than {y}']);
      return part(t === '{y}+' ? 'pre' : 'post', t.replace('{y}', y), leaf('year', 'gte', y), { tags: [...tags, ...(t === '{y}+' ? ['glued'] : [])], attr: 'year' });
    }
    case 'gt': {
      const b = y - rng.int(1, 2);
      return part('post', rng.pick(['newer than {y}', 'after {y}']).replace('{y}', b), leaf('year', 'gt', b), { tags, attr: 'year' });
    }
    case 'lt': {
      const b = y + rng.int(1, 2);
      return part('post', rng.pick(['older than {y}', 'before {y}']).replace('{y}', b), leaf('year', 'lt', b), { tags, attr: 'year' });
    }
    case 'lte': return part('post', `${y} or older`, leaf('year', 'lte', y), { tags, attr: 'year' });
    default: {
      const a = y - rng.int(0, 2);
      const b = y + rng.int(0, 2);
      if (a === b) return part('pre', String(y), leaf('year', 'eq', y), { tags, attr: 'year' });
      const t = rng.pick(['{a} to {b}', 'from {a} to {b}', 'between {a} and {b}', '{a}-{b}']);
      return part(t.startsWith('{a}') ? 'pre' : 'post', t.replace('{a}', a).replace('{b}', b), and(leaf('year', 'gte', a), leaf('year', 'lte', b)), { tags: [...tags, 'range'], attr: 'year' });
    }
  }
}

function kmPart(rng, car) {
  const km = value(car, 'kilometers');
  if (km === null) return null;
  if (km < 50000 && rng.chance(0.3)) return part('post', rng.pick(['low mileage', 'with low mileage', 'low-mileage']), leaf('kilometers', 'lt', 50000), { tags: ['kilometers'], attr: 'kilometers' });
  const miles = rng.chance(0.5);
  const kind = rng.weighted([['lt', 5], ['lte', 2], ['gt', 2]]);
  const step = rng.pick([10000, 5000, 1000]);
  const base = miles ? km / 1.609344 : km;
  const n = kind === 'gt' ? niceBelow(base, step) : niceAbove(base, step);
  const bound = miles ? Math.round(n * 1.609344) : n;
  const [a, ta] = amountText(rng, n, { money: false, allowWords: false });
  const unit = miles ? rng.pick(['miles', 'mi', 'miles']) : rng.pick(['km', 'kms', 'kilometers']);
  const t = { lt: ['under {a} {u}', 'less than {a} {u}', 'below {a} {u}', 'with under {a} {u}'], lte: ['at most {a} {u}', '{a} {u} or less', 'no more than {a} {u}'], gt: ['over {a} {u}', 'more than {a} {u}'] }[kind];
  return part('post', rng.pick(t).replace('{a}', a).replace('{u}', unit), leaf('kilometers', kind, bound),
    { tags: ['kilometers', ...(miles ? ['miles'] : ['km']), ...ta], typo: miles && unit === 'miles' ? ['miles'] : [], attr: 'kilometers' });
}

function numericPart(rng, car, attr) {
  const v = value(car, attr);
  if (v === null) return null;
  if (attr === 'horse_power') {
    const kind = rng.weighted([['gt', 3], ['gte', 2], ['lt', 2], ['lte', 1]]);
    const step = rng.pick([50, 25, 10]);
    const n = ['gt', 'gte'].includes(kind) ? (kind === 'gte' && v % step === 0 ? v : niceBelow(v, step)) : niceAbove(v, step);
    const t = { gt: ['over {n} hp', 'more than {n} horsepower', 'over {n} horsepower'], gte: ['at least {n} hp', '{n}+ hp', '{n} hp or more'], lt: ['under {n} hp', 'less than {n} horsepower'], lte: ['at most {n} hp', '{n} hp max'] }[kind];
    const text = rng.pick(t).replace('{n}', n);
    return part('post', text, leaf('horse_power', kind, n), { tags: ['horse_power'], typo: typoable(text).filter((w) => w === 'horsepower'), attr });
  }
  if (attr === 'monthly_lease_payment' || attr === 'monthly_finance_payment') {
    const lease = attr === 'monthly_lease_payment';
    const range = rng.chance(0.25);
    if (range) {
      const lo = niceBelow(v, 50);
      const hi = niceAbove(v, 50) + rng.int(0, 2) * 50;
      const text = lease ? rng.pick([`lease ${lo}-${hi}/mo`, `lease between $${lo} and $${hi} a month`]) : rng.pick([`payments ${lo}-${hi}/mo`, `${lo}-${hi}/mo payments`, `monthly payments between ${lo} and ${hi}`]);
      return part('post', text, and(leaf(attr, 'gte', lo), leaf(attr, 'lte', hi)), { tags: [attr, 'range', 'glued'], typo: typoable(text).filter((w) => ['payments', 'monthly'].includes(w)), attr });
    }
    const kind = rng.weighted([['lt', 3], ['lte', 2]]);
    const n = kind === 'lte' && v % 50 === 0 ? v : niceAbove(v, rng.pick([50, 100]));
    const amount = rng.pick([`$${n}`, String(n)]);
    const per = rng.pick([' a month', '/mo', '/month', ' per month', ' monthly']);
    const t = lease
      ? { lt: ['lease under {a}{p}', 'lease below {a}{p}', 'lease payment under {a}{p}'], lte: ['lease up to {a}{p}', 'lease at most {a}{p}', 'lease payments no more than {a}{p}'] }[kind]
      : { lt: ['payments under {a}{p}', 'monthly payments below {a}', 'finance under {a}{p}', 'payments less than {a}{p}'], lte: ['payments up to {a}{p}', 'monthly payments at most {a}', 'finance at most {a}{p}'] }[kind];
    const text = rng.pick(t).replace('{a}', amount).replace('{p}', per);
    return part('post', text, leaf(attr, kind, n), { tags: [attr], typo: typoable(text).filter((w) => ['payments', 'monthly', 'payment', 'finance'].includes(w)), attr });
  }
  if (attr === 'doors') {
    const t = v === 2 ? rng.pick(['2-door', 'two door', '2 door', 'two-door']) : rng.pick(['4-door', 'four door', '4 door', 'four-door']);
    return part('pre', t, leaf('doors', 'eq', v), { tags: ['doors', ...(/^t|^f/.test(t) ? ['number-words'] : [])], attr });
  }
  throw new Error(attr);
}

const COLOR_WORD = (c) => (c === 'Gray' ? 'grey' : lc(c));
function stringPart(rng, car, attr) {
  const v = value(car, attr);
  if (v === null) return null;
  switch (attr) {
    case 'color': {
      const w = c => (c === 'Gray' && rng.chance(0.5) ? 'grey' : lc(c));
      const word = w(v);
      return rng.chance(0.8) ? part('pre', word, leaf('color', 'eq', v), { tags: ['color'], typo: typoable(word), attr })
        : part('post', `in ${word}`, leaf('color', 'eq', v), { tags: ['color'], typo: typoable(word), attr });
    }
    case 'type': {
      const words = { SUV: ['suv', 'crossover', 'SUV'], Truck: ['truck', 'pickup', 'pickup truck'], Sedan: ['sedan'], Coupe: ['coupe'], Hatchback: ['hatchback'], Minivan: ['minivan'], Convertible: ['convertible'], Wagon: ['wagon'], Van: ['van'] }[v];
      const word = rng.pick(words);
      return part('noun', word, leaf('type', 'eq', v), { tags: ['type', ...(word === 'crossover' ? ['slang'] : [])], typo: typoable(word), attr });
    }
    case 'fuel_type': {
      const words = { Gasoline: ['gas', 'gasoline'], Diesel: ['diesel'], Hybrid: ['hybrid'], 'Plug-in Hybrid': ['plug-in hybrid', 'phev', 'PHEV'], Electric: ['electric', 'EV', 'ev'] }[v];
      const word = rng.pick(words);
      return part('pre', word, leaf('fuel_type', 'eq', v), { tags: ['fuel_type'], typo: typoable(word), attr });
    }
    case 'transmission': {
      const t = v === 'Manual' ? rng.pick([['pre', 'manual'], ['post', 'stick shift'], ['post', 'with a stick shift'], ['post', 'manual transmission']]) : rng.pick([['pre', 'automatic'], ['post', 'automatic transmission'], ['post', 'with an automatic']]);
      return part(t[0], t[1], leaf('transmission', 'eq', v), { tags: ['transmission'], typo: typoable(t[1]).filter((w) => w !== 'shift'), attr });
    }
    case 'drive_train': {
      const words = { AWD: ['awd', 'all-wheel drive', 'AWD', 'all wheel drive'], '4WD': ['4x4', '4wd', 'four wheel drive', '4WD'], FWD: ['fwd', 'front-wheel drive', 'front wheel drive'], RWD: ['rwd', 'rear-wheel drive', 'rear wheel drive'] }[v];
      const word = rng.pick(words);
      return part('pre', word, leaf('drive_train', 'eq', v), { tags: ['drive_train', ...(/4x4|wheel/.test(word) ? ['slang'] : [])], attr });
    }
    case 'condition': {
      const word = v === 'new' ? rng.pick(['new', 'brand new']) : rng.pick(['used', 'pre-owned', 'second-hand']);
      return part('pre', word, leaf('condition', 'eq', v), { tags: ['condition'], attr });
    }
    default: throw new Error(attr);
  }
}

const FEATURES = [
  ['sunroof', ['sunroof', 'a sunroof'], 'sunroof'], ['leather', ['leather', 'leather seats'], 'leather'], ['navigation', ['navigation', 'nav'], 'navigation'],
  ['heated seats', ['heated seats'], 'heated seats'], ['carplay', ['apple carplay', 'carplay'], 'carplay'], ['backup camera', ['backup camera', 'a backup cam', 'backup cam'], 'backup camera'],
];
function featurePart(rng, car, negated = false) {
  const opts = lc(value(car, 'options') ?? '');
  const have = FEATURES.filter(([needle]) => opts.includes(needle) !== negated);
  if (have.length === 0) return null;
  const [, words, needle] = rng.pick(have);
  const w = rng.pick(words);
  if (negated) {
    const text = rng.pick([`without ${w}`, `no ${w.replace(/^an? /, '')}`]);
    return part('post', text, not(leaf('options', 'contain', needle)), { tags: ['options', 'negation'], typo: typoable(w), attr: 'options' });
  }
  const text = rng.chance(0.8) ? `with ${w}` : w.replace(/^an? /, '');
  return part('post', text, leaf('options', 'contain', needle), { tags: ['options'], typo: typoable(w), attr: 'options' });
}

function accidentPart(rng, car) {
  const v = value(car, 'accident');
  if (v === null) return null;
  const clean = ['no', 'n', 'false', '0'].includes(lc(v));
  const text = clean ? rng.pick(['no accidents', 'accident-free', 'clean history', 'never been in an accident', 'nothing with an accident on its record']) : rng.pick(['that had an accident', 'accident reported', 'with an accident reported']);
  return part('post', text, leaf('accident', 'eq', !clean), { tags: ['accident', ...(/nothing|never/.test(text) ? ['negation'] : [])], typo: typoable(text).filter((w) => /accident/.test(w)), attr: 'accident' });
}

function certifiedPart(rng, car) {
  if (!['yes', 'y', 'true', '1'].includes(lc(value(car, 'certified') ?? ''))) return null;
  const word = rng.pick(['certified', 'CPO', 'certified pre-owned', 'cpo']);
  return part('pre', word, leaf('certified', 'eq', true), { tags: ['certified'], typo: word === 'certified' ? ['certified'] : [], attr: 'certified' });
}

/** Make and/or model of a car as a noun phrase. */
function vehicleNoun(rng, stock, car, { plural = false, withMake = null } = {}) {
  const fams = stock.families.filter((f) => f.texts.includes(car.model));
  const fam = fams.length ? rng.pick(fams) : null;
  const useModel = fam && rng.chance(0.75);
  if (!useModel) {
    const [name, tag] = rng.pick(makeNames(car.manufacturer));
    const text = plural && rng.chance(0.5) ? `${name}s` : name;
    return part('noun', text, leaf('manufacturer', 'eq', car.manufacturer), { tags: ['manufacturer', ...(tag ? [tag] : [])], typo: typoable(name), attr: 'manufacturer' });
  }
  return familyPart(rng, stock, fam, { plural, withMake });
}

/** A model family named by a shopper: the oracle is every stocked model text of the family. */
function familyPart(rng, stock, fam, { plural = false, withMake = null } = {}) {
  const spellings = familySpellings(stock, fam);
  const spelled = rng.pick(spellings);
  // A bare number or a two-letter name is no model name on its own ("1500" would be a price).
  const needsMake = /^\d+$/.test(spelled) || spelled.replace(/[^a-z0-9]/g, '').length <= 3;
  const makeFirst = needsMake || (withMake ?? rng.chance(0.35));
  const [makeName, makeTag] = rng.pick(makeNames(fam.manufacturer));
  const pluralOk = plural && /(^|\s)[a-z]{4,}$/.test(spelled);
  let text = `${makeFirst && !spelled.startsWith(makeName) ? `${makeName} ` : ''}${pluralOk ? pluralOf(spelled) : spelled}`;
  let glued = false;
  if (makeFirst && rng.chance(0.08) && /^[a-z]+$/.test(makeName) && !spelled.includes(' ') && !spelled.startsWith(makeName)) {
    text = text.replace(' ', '');
    glued = true;
  }
  const filter = fam.texts.length === 1 ? leaf('model', 'eq', fam.texts[0]) : leaf('model', 'in', fam.texts);
  const tags = ['model', ...(fam.texts.length > 1 || spelled !== lc(fam.texts[0]) ? ['model-variant'] : []), ...(makeFirst && makeTag ? [makeTag] : []), ...(glued ? ['glued'] : [])];
  return part('noun', text, filter, { tags, typo: glued ? [] : typoable(text).filter((w) => !/\d/.test(w)), attr: 'model' });
}

const pluralOf = (w) => (/[^aeiou]y$/.test(w) ? `${w.slice(0, -1)}ies` : /(x|s|ch|sh)$/.test(w) ? `${w}es` : `${w}s`);

const FAMILY_SPELLINGS = {
  f150: ['f150', 'f-150', 'f 150', 'F150'], f250: ['f250', 'f-250', 'f250 super duty', 'f-250 sd'], f350: ['f350', 'f-350', 'f350 super duty', 'f-350 super duty', 'f350sd'],
  'super duty': ['super duty', 'superduty'], 'silverado 1500': ['silverado 1500', 'silverado1500'], 'silverado 2500': ['silverado 2500', 'silverado 2500hd', 'silverado 2500 hd'],
  'sierra 1500': ['sierra 1500'], 'sierra 2500': ['sierra 2500', 'sierra 2500hd', 'sierra 2500 hd'], 'ram 1500': ['ram 1500', 'ram1500'], 'ram 2500': ['ram 2500', 'ram2500'],
  '4runner': ['4runner', '4 runner', '4-runner'], 'cr-v': ['crv', 'cr-v', 'cr v'], rav4: ['rav4', 'rav 4'], 'grand cherokee l': ['grand cherokee l'],
};
function familySpellings(stock, fam) {
  if (stock.key === 'B') return FAMILY_SPELLINGS[fam.name] ?? [fam.name];
  return modelSpellings(fam.texts[0]);
}

// ---------------------------------------------------------------- the project's conventions

function economyPart(rng, car) {
  const hwy = value(car, 'fuel_economy_highway');
  const city = value(car, 'fuel_economy_city');
  const kind = rng.weighted([['words', 3], ['hwy', 3], ['city', 2]]);
  if (kind === 'words') {
    if (hwy === null || hwy < 30) return null;
    const text = rng.pick(['good on gas', 'fuel efficient', 'great gas mileage', 'economical', 'cheap on gas', 'easy on fuel', 'good mpg']);
    return part('post', text, leaf('fuel_economy_highway', 'gte', 30), { tags: ['fuel-economy'], typo: typoable(text).filter((w) => /^(efficient|economical|mileage)$/.test(w)), attr: 'fuel_economy_highway' });
  }
  // Electric cars' figures are MPGe (over 100): no shopper asks for "at least 113 mpg".
  if ((hwy ?? 0) > 60 || (city ?? 0) > 60) return null;
  if (kind === 'hwy') {
    if (hwy === null) return null;
    const over = rng.chance(0.3);
    const n = over ? hwy - rng.int(1, 4) : hwy - rng.int(0, 3);
    const text = over ? `over ${n} mpg` : rng.pick([`at least ${n} mpg`, `${n}+ mpg`, `${n} mpg or better`]);
    return part('post', text, leaf('fuel_economy_highway', over ? 'gt' : 'gte', n), { tags: ['fuel-economy', ...(text.includes('+') ? ['glued'] : [])], attr: 'fuel_economy_highway' });
  }
  if (city === null) return null;
  const over = rng.chance(0.5);
  const n = over ? city - rng.int(1, 4) : city - rng.int(0, 3);
  const text = over ? rng.pick([`city mpg over ${n}`, `over ${n} mpg in the city`]) : rng.pick([`at least ${n} mpg in the city`, `city mpg of at least ${n}`]);
  return part('post', text, leaf('fuel_economy_city', over ? 'gt' : 'gte', n), { tags: ['fuel-economy'], attr: 'fuel_economy_city' });
}

function seatingPart(rng, car) {
  const seats = value(car, 'seats');
  if (seats === null) return null;
  const kind = rng.weighted([['third-row', 3], ['eq', 3], ['gte', 2]]);
  if (kind === 'third-row') {
    if (seats < 7) return null;
    const text = rng.pick(['third row', '3rd row seating', 'with a third row', '3rd row']);
    return part('post', text, leaf('seats', 'gte', 7), { tags: ['seats'], attr: 'seats' });
  }
  if (kind === 'eq') {
    const words = rng.chance(0.25);
    const n = words ? numberWords(seats) : seats;
    const text = rng.pick([`seats ${n}`, `${n} seater`, `seating for ${n}`, `${n} seats`, `${n}-seater`]);
    return part('post', text, leaf('seats', 'eq', seats), { tags: ['seats', ...(words ? ['number-words'] : [])], attr: 'seats' });
  }
  const n = Math.max(2, seats - rng.int(0, 1));
  const text = rng.pick([`room for ${n}`, `at least ${n} seats`, `${n} or more seats`]);
  return part('post', text, leaf('seats', 'gte', n), { tags: ['seats'], attr: 'seats' });
}

function towingPart(rng, car) {
  if (!lc(value(car, 'options') ?? '').includes('tow')) return null;
  const text = rng.pick(['that can tow', 'for towing', 'with a tow package', 'with a tow hitch', 'tow hitch', 'can tow']);
  return part('post', text, leaf('options', 'contain', 'tow'), { tags: ['towing'], typo: typoable(text).filter((w) => /^(towing|package|hitch)$/.test(w)), attr: 'options' });
}

function agePart(rng, car) {
  if ((value(car, 'year') ?? 0) < 2021) return null;
  const [slot, word] = rng.pick([['pre', 'newer'], ['pre', 'recent'], ['pre', 'late model'], ['pre', 'late-model'], ['post', 'not too old'], ['post', 'that is not too old']]);
  return part(slot, word, leaf('year', 'gte', 2021), { tags: ['age-words'], attr: 'year' });
}

function trimPart(rng, stock, car, { alone }) {
  const trim = value(car, 'trim');
  if (!trim) return null;
  const modelNames = new Set(stock.families.flatMap((f) => [f.name, ...f.texts.map(lc)]));
  const wholeTrims = new Set(stock.trims.map(lc));
  // One word of a longer trim only when it is a trim of its own too ("limited" of "Limited 4WD"),
  // never a fragment ("country" of "High Country").
  const named = (p) => p.includes(' ') || lc(trim) === p || wholeTrims.has(p) || TRIM_ALONE.has(p);
  const phrases = trimPhrases(trim).filter((p) => named(p) && (!alone || TRIM_ALONE.has(p)) && !modelNames.has(p));
  if (phrases.length === 0) return null;
  const text = rng.pick(phrases);
  const matching = trimsWith(stock, trimTokens(text));
  return part(alone ? 'noun' : 'trim', rng.chance(0.3) ? text.toUpperCase() : text, leaf('trim', 'in', matching), { tags: ['trim'], attr: 'trim' });
}

// ---------------------------------------------------------------- sentences

const FILLER_PRE = ['hi! do you have', 'looking for', 'any chance you\'ve got', 'i\'m looking for', 'do you have', 'need', 'show me', 'hey, looking for something like', 'got any', 'we want'];
const FILLER_POST = ['thanks', 'please', 'asap', 'thanks!', 'pls', 'thx'];
const GENERIC_NOUNS = ['car', 'vehicle', 'one', 'cars'];
/** Post phrases that read the same at the front of a request ("under 30k, a red honda"). */
const MOVABLE = new Set(['price', 'kilometers', 'options', 'accident', 'year', 'monthly_lease_payment', 'monthly_finance_payment', 'horse_power']);

/** Parts -> text: pre words, nouns (a type last), post phrases; sometimes a post phrase first. */
function sentence(rng, parts, tags) {
  const pre = parts.filter((p) => p.slot === 'pre');
  const nouns = parts.filter((p) => p.slot === 'noun').sort((a, b) => (a.attr === 'type') - (b.attr === 'type'));
  const post = rng.shuffle(parts.filter((p) => p.slot === 'post'));
  const orderedPre = rng.chance(0.8) ? pre : rng.shuffle(pre);
  // A noun-less query gets a generic noun when something precedes it ("red car under 20k").
  const nounText = nouns.length ? nouns.map((p) => p.text).join(' ') : pre.length && rng.chance(0.7) ? rng.pick(GENERIC_NOUNS) : '';
  const trims = parts.filter((p) => p.slot === 'trim').map((p) => p.text);
  let head = [...orderedPre.map((p) => p.text), nounText, ...trims].filter(Boolean).join(' ');
  if (!head && post.length && (/^(that|can)\b/.test(post[0].text) || rng.chance(0.25))) head = rng.pick(['something', 'a car', 'a vehicle']);
  // A number next to another phrase would run into it ("2020 at least 34 mpg", "over 300 hp 40k or
  // more"): then a comma or "and" between them.
  const joinOf = (left, right) => (/\d[a-z]*$/i.test(left) || /^[\d$]/.test(right) ? rng.pick([', ', ' and ']) : rng.pick([' ', ', ', ' and ', ' ', ', ']));
  const joinAll = (texts) => texts.reduce((acc, t) => (acc ? acc + joinOf(acc, t) + t : t), '');
  const tail = joinAll(post.map((p) => p.text));
  if (!head) return tail;
  if (!tail) return head;
  if (MOVABLE.has(post[0].attr) && !post[0].tags.includes('negation') && rng.chance(0.15)) {
    tags.add('word-order');
    const rest = joinAll(post.slice(1).map((p) => p.text));
    return `${post[0].text}, ${head}${rest ? joinOf(head, rest) + rest : ''}`;
  }
  const first = /\d[a-z]*$/i.test(head) ? ', ' : rng.pick([' ', ' ', ', ']);
  return `${head}${first}${tail}`;
}

// ---------------------------------------------------------------- query classes

const NUMERIC_ATTRS_A = ['price', 'year', 'kilometers', 'horse_power', 'monthly_lease_payment', 'monthly_finance_payment', 'doors'];
const STRING_ATTRS = ['color', 'type', 'fuel_type', 'transmission', 'drive_train', 'condition'];

/** One condition of `attr` taken from `car`, or null when the car has no such value. */
function conditionOf(rng, stock, car, attr) {
  switch (attr) {
    case 'price': return pricePart(rng, car);
    case 'year': return yearPart(rng, car);
    case 'kilometers': return kmPart(rng, car);
    case 'horse_power': case 'monthly_lease_payment': case 'monthly_finance_payment': case 'doors': return numericPart(rng, car, attr);
    case 'options': return featurePart(rng, car);
    case 'accident': return accidentPart(rng, car);
    case 'certified': return certifiedPart(rng, car);
    case 'vehicle': return vehicleNoun(rng, stock, car);
    case 'trim': return trimPart(rng, stock, car, { alone: false });
    case 'fuel-economy': return economyPart(rng, car);
    case 'seats': return seatingPart(rng, car);
    case 'towing': return towingPart(rng, car);
    case 'age-words': return agePart(rng, car);
    default: return stringPart(rng, car, attr);
  }
}

const ATTRS = { A: [...NUMERIC_ATTRS_A, ...STRING_ATTRS, 'options', 'accident', 'certified', 'vehicle', 'fuel-economy', 'seats'], B: ['price', 'year', 'kilometers', 'doors', ...STRING_ATTRS.filter((a) => a !== 'condition'), 'options', 'certified', 'vehicle', 'fuel-economy'] };

/** Conditions from one car, of distinct attributes. */
function conditions(rng, stock, car, n, pool = ATTRS[stock.key]) {
  const parts = [];
  const used = new Set();
  for (const attr of rng.shuffle(pool)) {
    if (parts.length >= n) break;
    const p = conditionOf(rng, stock, car, attr);
    // Two nouns only as make/model + type ("honda suv").
    if (!p || used.has(p.attr) || (p.slot === 'noun' && parts.some((q) => q.slot === 'noun' && (q.attr === 'type') === (p.attr === 'type')))) continue;
    used.add(p.attr);
    parts.push(p);
  }
  return parts.length === n ? parts : null;
}

const combine = (parts) => and(...parts.map((p) => p.filter));

// Each class: (rng, stock) -> { parts?, text?, filter, tags } or null (draw again).
const CLASSES = {
  single(rng, stock) {
    const car = rng.pick(stock.cars);
    const parts = conditions(rng, stock, car, 1);
    return parts && { parts, filter: combine(parts) };
  },
  numeric(rng, stock) {
    const car = rng.pick(stock.cars);
    const attr = stock.key === 'A' ? rng.weighted([['price', 5], ['year', 3], ['kilometers', 3], ['horse_power', 1], ['monthly_lease_payment', 1], ['monthly_finance_payment', 1]]) : rng.weighted([['price', 5], ['year', 3], ['kilometers', 3]]);
    const p = conditionOf(rng, stock, car, attr);
    if (!p) return null;
    const extra = rng.chance(0.6) ? conditions(rng, stock, car, 1, ['vehicle', 'type', 'color', 'drive_train']) : [];
    if (!extra || extra.some((e) => e.attr === p.attr)) return null;
    const parts = [p, ...extra];
    return { parts, filter: combine(parts) };
  },
  compound(rng, stock) {
    const car = rng.pick(stock.cars);
    const parts = conditions(rng, stock, car, rng.int(3, 4));
    return parts && { parts, filter: combine(parts), tags: ['compound'] };
  },
  negation(rng, stock) {
    const car = rng.pick(stock.cars);
    const kind = rng.weighted([['color', 3], ['type', 3], ['make', 3], ['fuel', 1], ['feature', 2], ['makes', 1]]);
    const other = conditions(rng, stock, car, 1, ['price', 'year', 'type', 'drive_train', 'kilometers']) ?? [];
    let neg;
    if (kind === 'color') {
      const c = value(rng.pick(stock.cars), 'color');
      if (!c) return null;
      const w = COLOR_WORD(c);
      neg = part('post', rng.pick([`not ${w}`, `anything but ${w}`, `no ${w}`, `any color except ${w}`, `but not ${w}`]), leaf('color', 'ne', c), { typo: typoable(w), attr: 'color' });
    } else if (kind === 'type') {
      const t = value(rng.pick(stock.cars), 'type');
      const plural = { SUV: 'suvs', Truck: 'trucks', Sedan: 'sedans', Coupe: 'coupes', Hatchback: 'hatchbacks', Minivan: 'minivans', Convertible: 'convertibles', Wagon: 'wagons', Van: 'vans' }[t];
      if (!plural) return null;
      neg = part('post', rng.pick([`no ${plural}`, `but no ${plural}`, `not a ${lc(t)}`, `anything except ${plural}`]), leaf('type', 'ne', t), { typo: typoable(plural), attr: 'type' });
    } else if (kind === 'make') {
      const m = rng.pick(stock.makes);
      const [name] = rng.pick(makeNames(m));
      neg = part('post', rng.pick([`except ${name}`, `anything but a ${name}`, `no ${name}`, `not a ${name}`, `anything but a ${name}, please`, `nothing from ${name}`]), leaf('manufacturer', 'ne', m), { typo: typoable(name), attr: 'manufacturer' });
    } else if (kind === 'makes') {
      const ms = rng.shuffle(stock.makes).slice(0, 2);
      const names = ms.map((m) => rng.pick(makeNames(m))[0]);
      neg = part('post', rng.pick([`no ${names[0]} or ${names[1]}`, `except ${names[0]} and ${names[1]}`, `anything but ${names[0]} or ${names[1]}`]), leaf('manufacturer', 'nin', ms), { typo: names.flatMap(typoable), attr: 'manufacturer', tags: ['list'] });
    } else if (kind === 'fuel') {
      const f = rng.pick(['Diesel', 'Hybrid', 'Electric']);
      const w = { Diesel: 'diesel', Hybrid: 'hybrids', Electric: 'electric' }[f];
      neg = part('post', rng.pick([`no ${w}`, `not ${w}`]), leaf('fuel_type', 'ne', f), { attr: 'fuel_type' });
    } else {
      neg = featurePart(rng, car, true);
      if (!neg) return null;
    }
    if (other.some((o) => o.attr === neg.attr)) return null;
    const parts = [...other, neg];
    return { parts, filter: combine(parts), tags: ['negation'] };
  },
  list(rng, stock) {
    const kind = rng.weighted([['makes', 3], ['colors', 3], ['models', 3], ['types', 2]]);
    const n = rng.chance(0.3) ? 3 : 2;
    const join = (ws) => (ws.length === 2 ? `${ws[0]} ${rng.pick(['or', 'or', '/'])} ${ws[1]}` : `${ws[0]}, ${ws[1]} or ${ws[2]}`);
    let p;
    if (kind === 'makes') {
      const ms = rng.shuffle(stock.makes).slice(0, n);
      const ws = ms.map((m) => rng.pick(makeNames(m))[0]);
      p = part('noun', join(ws), leaf('manufacturer', 'in', ms), { typo: ws.flatMap(typoable), attr: 'manufacturer' });
    } else if (kind === 'colors') {
      const cs = rng.shuffle([...new Set(stock.cars.map((c) => value(c, 'color')).filter(Boolean))]).slice(0, n);
      p = part('pre', join(cs.map(COLOR_WORD)), leaf('color', 'in', cs), { typo: cs.map(COLOR_WORD).flatMap(typoable), attr: 'color' });
    } else if (kind === 'models') {
      const fs = [];
      for (const f of rng.shuffle(stock.families)) if (fs.length < n && fs.every((g) => !g.texts.some((t) => f.texts.includes(t)))) fs.push(f);
      const ps = fs.map((f) => familyPart(rng, stock, f, { plural: rng.chance(0.3) }));
      p = part('noun', join(ps.map((x) => x.text)), leaf('model', 'in', fs.flatMap((f) => f.texts)), { typo: ps.flatMap((x) => x.typo), attr: 'model', tags: ps.flatMap((x) => x.tags).filter((t) => t !== 'model') });
    } else {
      const ts = rng.shuffle([...new Set(stock.cars.map((c) => value(c, 'type')).filter(Boolean))]).slice(0, n);
      const words = ts.map((t) => ({ SUV: 'suv', Truck: 'truck', Sedan: 'sedan', Coupe: 'coupe', Hatchback: 'hatchback', Minivan: 'minivan', Convertible: 'convertible', Wagon: 'wagon', Van: 'van' })[t]);
      p = part('noun', join(words), leaf('type', 'in', ts), { typo: words.flatMap(typoable), attr: 'type' });
    }
    const car = rng.pick(stock.cars.filter((c) => evaluateFilter(p.filter, c)));
    const extra = rng.chance(0.4) ? conditions(rng, stock, car, 1, ['price', 'year', 'kilometers']) ?? [] : [];
    const parts = [p, ...extra];
    return { parts, filter: combine(parts), tags: ['list', ...p.tags] };
  },
  'or-items'(rng, stock) {
    // "a red civic or a blue corolla": each item has its own conditions.
    const [c1, c2] = [rng.pick(stock.cars), rng.pick(stock.cars)];
    const item = (car) => {
      const noun = vehicleNoun(rng, stock, car, { withMake: false });
      const mod = conditionOf(rng, stock, car, rng.pick(['color', 'year', 'drive_train', 'color', 'price']));
      if (!mod || mod.attr === noun.attr) return null;
      const text = mod.slot === 'post' ? `${noun.text} ${mod.text}` : `${mod.text} ${noun.text}`;
      // An article before each item says where one car ends and the other begins.
      return { text: `a ${text}`.replace(/^a ([aeiou8]|awd|fwd|rwd)/i, 'an $1'), filter: and(noun.filter, mod.filter), typo: [...noun.typo, ...mod.typo], tags: [...noun.tags, ...mod.tags] };
    };
    const [i1, i2] = [item(c1), item(c2)];
    if (!i1 || !i2) return null;
    const p = part('noun', `${i1.text} or ${i2.text}`, or(i1.filter, i2.filter), { typo: [...i1.typo, ...i2.typo], attr: 'or' });
    return { parts: [p], filter: and(p.filter), tags: ['or', ...i1.tags, ...i2.tags] };
  },
  'list-shared'(rng, stock) {
    // "tacomas or frontiers with 4x4": the condition applies to every item of the list.
    const car = rng.pick(stock.cars);
    const fam = stock.families.find((f) => f.texts.includes(car.model));
    const others = stock.families.filter((f) => f !== fam && f.texts.every((t) => !fam?.texts.includes(t)) && !fam?.texts.some((t) => f.texts.includes(t)));
    if (!fam || others.length === 0) return null;
    const f2 = rng.pick(others);
    const [p1, p2] = [familyPart(rng, stock, fam, { plural: true }), familyPart(rng, stock, f2, { plural: true })];
    const shared = conditions(rng, stock, car, 1, ['drive_train', 'price', 'year', 'color', 'options', 'transmission', 'kilometers']);
    if (!shared) return null;
    const listPart = part('noun', `${p1.text} or ${p2.text}`, leaf('model', 'in', [...fam.texts, ...f2.texts]), { typo: [...p1.typo, ...p2.typo], attr: 'model' });
    const s = shared[0];
    const parts = s.attr === 'drive_train' && rng.chance(0.6) ? [listPart, { ...s, slot: 'post', text: `with ${s.text}` }] : [listPart, s];
    return { parts, filter: combine(parts), tags: ['list', 'shared-condition', ...p1.tags, ...p2.tags].filter((t) => t !== 'model') };
  },
  background(rng, stock) {
    // What the shopper drives now is not a wish: only the wish's conditions count.
    const old = rng.pick(stock.cars);
    const car = rng.pick(stock.cars);
    const wish = conditions(rng, stock, car, rng.int(1, 2), ATTRS[stock.key].filter((a) => a !== 'vehicle').concat(['type']));
    if (!wish) return null;
    const oldName = `${value(old, 'year') ?? ''} ${lc(old.model)}`.trim();
    const oldColor = value(old, 'color');
    const intro = rng.pick([
      `i have a ${oldName} now and need more room,`, `we have a ${oldName} now and need more room.`, `trading in my ${oldName}, looking for`,
      `my old ${oldName} died, need`, `currently driving a ${oldColor ? `${COLOR_WORD(oldColor)} ` : ''}${lc(old.model)}; want`, `had a ${oldName} for years. now i want`,
    ]);
    const text = `${intro} ${sentence(rng, wish, new Set())}`;
    return { text, parts: wish, filter: combine(wish), tags: ['background'] };
  },
  'sort-word'(rng, stock) {
    const car = rng.pick(stock.cars);
    const parts = rng.chance(0.85) ? conditions(rng, stock, car, rng.int(1, 2)) : [];
    if (!parts) return null;
    const word = rng.pick(['cheapest', 'newest', 'lowest mileage']);
    const body = parts.length ? sentence(rng, parts, new Set()) : rng.pick(['cars', 'ones', 'stuff you have']);
    const text = rng.pick([`${word} ${body}`, `${body}, ${word} first`, `show me the ${word} ${body}`, `${body} sorted by ${word === 'lowest mileage' ? 'lowest mileage' : word}`]);
    return { text, parts, filter: combine(parts), tags: ['sort-word', ...(parts.length ? [] : ['no-filter'])] };
  },
  family(rng, stock) {
    const fam = rng.pick(stock.families);
    const p = familyPart(rng, stock, fam, { plural: rng.chance(0.25) });
    const car = rng.pick(stock.cars.filter((c) => fam.texts.includes(c.model)));
    const extra = rng.chance(0.5) ? conditions(rng, stock, car, 1, ['drive_train', 'price', 'year', 'color', 'kilometers', 'options', 'certified']) ?? [] : [];
    const parts = [p, ...extra];
    return { parts, filter: combine(parts), tags: p.tags };
  },
  trim(rng, stock) {
    const car = rng.pick(stock.cars);
    const alone = rng.chance(0.4);
    const t = trimPart(rng, stock, car, { alone });
    if (!t) return null;
    const parts = alone ? [t] : [familyPart(rng, stock, rng.pick(stock.families.filter((f) => f.texts.includes(car.model)))), t];
    if (rng.chance(0.3)) {
      const e = conditions(rng, stock, car, 1, ['price', 'year', 'color']);
      if (e) parts.push(...e);
    }
    return { parts, filter: combine(parts), tags: ['trim'] };
  },
  'indirect-make'(rng, stock) {
    const indirect = stock.makes.filter((m) => MAKE_NAMES[m]);
    const series = stock.families.filter((f) => /^\d series$/.test(f.name));
    if (series.length && rng.chance(0.35)) {
      const f = rng.pick(series);
      const text = rng.pick([`a ${f.name}`, `${f.name}`, `${f.name} bmw`]);
      const p = part('noun', text, leaf('model', 'eq', f.texts[0]), { tags: ['indirect-make'], attr: 'model' });
      const car = rng.pick(stock.cars.filter((c) => c.model === f.texts[0]));
      const extra = rng.chance(0.5) ? conditions(rng, stock, car, 1, ['price', 'year', 'color', 'kilometers']) ?? [] : [];
      return { parts: [p, ...extra], filter: combine([p, ...extra]), tags: ['indirect-make'] };
    }
    if (indirect.length === 0) return null;
    const m = rng.pick(indirect);
    const [name] = rng.pick(MAKE_NAMES[m].filter(([, t]) => t));
    const car = rng.pick(stock.cars.filter((c) => c.manufacturer === m));
    const extra = rng.chance(0.6) ? conditions(rng, stock, car, 1, ['type', 'price', 'year', 'color', 'drive_train']) ?? [] : [];
    const p = part('noun', rng.chance(0.3) && !extra.some((e) => e.slot === 'noun') ? `${name}s` : name, leaf('manufacturer', 'eq', m), { attr: 'manufacturer' });
    const parts = [p, ...extra];
    // the noun slot: a type goes after the make ("chevy trucks")
    return { parts, filter: combine(parts), tags: ['indirect-make', 'slang'] };
  },
  convention(rng, stock) {
    const kind = stock.key === 'A' ? rng.weighted([['fuel-economy', 3], ['seats', 3], ['towing', 2], ['age-words', 2]]) : rng.weighted([['fuel-economy', 3], ['towing', 3], ['age-words', 2]]);
    const fits = {
      'fuel-economy': (c) => value(c, 'fuel_economy_highway') !== null, seats: (c) => value(c, 'seats') !== null,
      towing: (c) => lc(value(c, 'options') ?? '').includes('tow'), 'age-words': (c) => (value(c, 'year') ?? 0) >= 2021,
    }[kind];
    const car = rng.pick(stock.cars.filter(fits));
    const p = conditionOf(rng, stock, car, kind);
    if (!p) return null;
    const extra = rng.chance(0.5) ? conditions(rng, stock, car, 1, ['type', 'vehicle', 'price', 'color']) ?? [] : [];
    if (extra.some((e) => e.attr === p.attr)) return null;
    const parts = [p, ...extra];
    return { parts, filter: combine(parts), tags: [kind], cls: kind };
  },
  identifier(rng, stock) {
    const car = rng.pick(stock.cars);
    if (rng.chance(0.5)) {
      const s = car.stock_number;
      const text = rng.pick([`stock # ${s}`, `stock number ${s}`, `stock #${s}`, `is stock ${s} still available?`, `do you still have stock # ${s}`]);
      return { text, filter: and(leaf('stock_number', 'eq', s)), tags: ['stock_number'], protect: true };
    }
    const v = String(car.vin);
    const text = rng.pick([`vin ${v}`, `${v}`, `VIN: ${v}`, `is ${v} still there?`, `info on vin ${lc(v)}`]);
    return { text, filter: and(leaf('vin', 'eq', v)), tags: ['vin'], protect: true };
  },
  'no-filter'(rng) {
    const text = rng.pick(['what do you have', 'show me everything', 'hi', 'any cars?', 'what\'s in stock', 'newest first', 'show me your inventory', 'hello, what do you have?', 'cheapest first', 'anything']);
    return { text, filter: and(), tags: ['no-filter'] };
  },
};

const CLASS_WEIGHTS = {
  A: [['single', 10], ['numeric', 12], ['compound', 8], ['negation', 8], ['list', 6], ['or-items', 5], ['list-shared', 4], ['background', 5], ['sort-word', 4], ['family', 4], ['trim', 5], ['indirect-make', 4], ['convention', 18], ['identifier', 3], ['no-filter', 0.4]],
  B: [['single', 6], ['numeric', 8], ['compound', 6], ['negation', 6], ['list', 5], ['or-items', 5], ['list-shared', 6], ['background', 4], ['sort-word', 3], ['family', 14], ['trim', 10], ['indirect-make', 3], ['convention', 12], ['identifier', 2], ['no-filter', 0.3]],
};

// ---------------------------------------------------------------- surface of real typing

function dress(rng, base, drawn, tags) {
  let text = base;
  const protectedText = drawn.protect;
  // Fillers around the request.
  if (!protectedText && !drawn.text && !/^(with|w\/)/.test(text) && rng.chance(0.3)) {
    text = `${rng.pick(FILLER_PRE)} ${text}`;
    tags.add('filler');
  }
  if (rng.chance(0.15)) {
    text = `${text}${rng.pick([', ', ' ', '. ', ' - '])}${rng.pick(FILLER_POST)}`;
    tags.add('filler');
  }
  // Typos: one letter, only in vocabulary words and model/manufacturer names of 5+ letters.
  const words = [...new Set((drawn.parts ?? []).flatMap((p) => p.typo))].filter((w) => w.length >= 5);
  if (words.length && rng.chance(0.18)) {
    const w = rng.pick(words);
    const re = new RegExp(`(^|[^a-z0-9])${w.replace(/[-/.]/g, '\\$&')}(?=$|[^a-z0-9])`, 'gi');
    const hits = text.match(re)?.length ?? 0;
    const t = typo(rng, w);
    if (hits === 1 && t && t.toLowerCase() !== w.toLowerCase()) {
      text = text.replace(re, (_m, pre) => pre + t);
      tags.add('typo');
    }
  }
  // SMS spellings (never inside identifiers).
  if (!protectedText && rng.chance(0.15)) {
    let changed = text;
    for (const [re, to] of SMS) changed = changed.replace(re, to);
    changed = changed.replace(/\blookin for\b/g, 'lookin 4');
    if (changed !== text) {
      text = changed;
      tags.add('sms');
    }
  }
  // Case as typed: all lower (phones), ALL CAPS, Title Case, or as written.
  const c = rng.weighted([['as-is', 5], ['lower', 3], ['upper', 1], ['title', 1]]);
  if (c === 'lower') text = text.toLowerCase();
  else if (c === 'upper') text = text.toUpperCase();
  else if (c === 'title') text = text.replace(/\b[a-z]/g, (x) => x.toUpperCase());
  if (c === 'upper' || c === 'title') tags.add(`case-${c}`);
  return text.replace(/\s+/g, ' ').trim();
}

/**
 * Composes `count` queries over the dealerships (`[{ key, cars, families? }]`; key 'A' is the
 * reference stock, 'B' the messy feed), each `{ id, dealership, query, expected, cls, tags }`.
 * A query whose oracle selects no car or more than 90% of its dealership's cars is drawn again
 * (except no-filter queries, which select every car); query texts are unique per dealership.
 */
export function generateQueries({ seed, count, dealerships }) {
  const rng = makeRng(seed * 7919 + 17);
  const stocks = dealerships.map(({ key, cars, families }) => stockOf(key, cars, families));
  const seen = new Set();
  const out = [];
  let attempts = 0;
  while (out.length < count) {
    if (++attempts > count * 200) throw new Error(`generator: only ${out.length} of ${count} queries after ${attempts} draws`);
    const stock = rng.weighted(stocks.map((s) => [s, s.key === 'A' ? 0.6 : 0.4]));
    const cls = rng.weighted(CLASS_WEIGHTS[stock.key]);
    const drawn = CLASSES[cls](rng, stock);
    if (!drawn) continue;
    const tags = new Set(drawn.tags ?? []);
    for (const p of drawn.parts ?? []) for (const t of p.tags) tags.add(t);
    const base = drawn.text ?? sentence(rng, drawn.parts, tags);
    const query = dress(rng, base, drawn, tags);
    if (query.length === 0 || query.length > 500) continue;
    const key = `${stock.key}|${query.toLowerCase()}`;
    if (seen.has(key)) continue;
    const n = selectVins(drawn.filter, stock.cars).length;
    const noFilter = tags.has('no-filter');
    if (noFilter ? n !== stock.cars.length : n < 1 || n > 0.9 * stock.cars.length) continue;
    seen.add(key);
    const mainClass = drawn.cls ?? cls;
    tags.delete(mainClass);
    out.push({ id: `s${seed}-${String(out.length + 1).padStart(4, '0')}`, dealership: stock.key, query, expected: drawn.filter, cls: mainClass, tags: [...tags].sort() });
  }
  return out;
}
