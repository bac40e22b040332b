import { NUMBER_WORDS, UNIT_PHRASES } from '../../../../../libs/common/text/amounts';
import {
  BODY_TYPE_WORDS, canonicalColor, canonicalDriveTrain, canonicalFuelType, canonicalTransmission, COLOR_WORDS, DRIVE_TRAIN_WORDS, FUEL_TYPE_WORDS,
  TRANSMISSION_WORDS, type ValueWords,
} from '../../../../../libs/common/vehicle/canonical-values';
import { vinsIn } from '../../domain/grounding';

/**
 * What the offline model says of the details a question asks about one car, clause by clause and
 * in the question's order: doors, seats, drive train, transmission, fuel, engine, colour, mileage,
 * and any other thing asked after "does it have", "does it come with", "is there", "with" or "any",
 * looked up as words in the car's options and description ("heated seats" is in "Heated Front
 * Seats"). Drive, transmission, fuel and colour words are the search vocabulary's (one table for
 * feeds and shoppers). Feed text is data: a drive train is read through the table, never believed
 * because a description says so; an option is quoted only when short and free of numbers, else the
 * reply says the customer's words are listed, so no number of the feed becomes a claim.
 */

type CarRecord = Readonly<Record<string, unknown>>;

/** Lower-case words (letters and digits), as the vocabulary's tables write them. */
const wordsOf = (text: string): string[] => text.toLowerCase().split(/[^a-z0-9]+/).filter((w) => w !== '');

const phraseWords = <T extends string>(table: ValueWords<T>) => table.flatMap(([, phrases]) => phrases.flatMap((p) => p.split(' ')));

/** Words that join or point, not name: around a detail word they leave it a detail ("how many doors"), unlike "sliding doors". */
const FUNCTION_WORDS = new Set([
  'a', 'an', 'the', 'any', 'some', 'it', 'its', 'this', 'that', 'these', 'those', 'is', 'are', 'was', 'be', 'does', 'do', 'did', 'has', 'have',
  'got', 'with', 'and', 'or', 'but', 'how', 'many', 'much', 'number', 'of', 'what', 'which', 'whats', 'in', 'on', 'at', 'for', 'to', 'by',
  'not', 'no', 'only', 'also', 'too', 'please', 'come', 'comes', 'equipped', 'there', 'than', 'still', 'tell', 'me', 'about', 'kind', 'type',
  'sort', 'if', 'as', 'just', 'low', 'high', 'one', 'car', 'vehicle', 'system', 'version', 'model', 'vs', 'versus', 'actually', 'really',
]);
/** Nouns of the details a car record holds, and the vocabulary's words for drive, transmission, fuel, colour and body. */
const DETAIL_NOUNS = {
  doors: ['door', 'doors'],
  seats: ['seat', 'seats', 'seating', 'seater', 'seaters', 'passenger', 'passengers'],
  engine: ['engine', 'engines', 'motor', 'cylinder', 'cylinders', 'displacement', 'horsepower', 'hp', 'turbo', 'turbocharged', 'supercharged'],
  transmission: ['transmission', 'gearbox', 'gears'],
  drive: ['drivetrain', 'drive train', 'drive type', 'drive system', 'driven wheels'],
  fuel: ['fuel', 'fuel type'],
  colour: ['colour', 'color', 'colours', 'colors', 'paint'],
  mileage: ['mileage', 'odometer', ...UNIT_PHRASES.km, ...UNIT_PHRASES.miles],
};
const DETAIL_WORDS = new Set([
  ...Object.values(DETAIL_NOUNS).flat().flatMap((p) => p.split(' ')), 'drive', 'wheel', 'wheels', 'speed',
  ...phraseWords(DRIVE_TRAIN_WORDS), ...phraseWords(TRANSMISSION_WORDS), ...phraseWords(FUEL_TYPE_WORDS), ...phraseWords(BODY_TYPE_WORDS),
  ...Object.keys(COLOR_WORDS),
]);
const isNumber = (w: string) => /^\d+$/.test(w) || w in NUMBER_WORDS;
/** An engine's name ("v6", "i4") or a count glued to a detail ("4dr", "7seater"). */
const isDetailToken = (w: string) => /^[vi]\d{1,2}$/.test(w) || /^\d+(dr|door|seater)$/.test(w);
const isPlain = (w: string | undefined) => w === undefined || FUNCTION_WORDS.has(w) || DETAIL_WORDS.has(w) || isNumber(w) || isDetailToken(w);

/** Words that start a clause: the list of things asked for ends there ("heated seats, and is it awd"). */
const CLAUSE_WORDS = new Set([
  'is', 'are', 'was', 'were', 'be', 'does', 'do', 'did', 'can', 'could', 'will', 'would', 'should', 'may', 'might', 'what', 'whats', 'how',
  'which', 'when', 'where', 'who', 'why', 'it', 'i', 'you', 'we', 'they', 'he', 'she', 'me', 'us', 'him', 'them', 'my', 'our', 'your', 'their',
  'his', 'her', 'has', 'have', 'had', 'get', 'to', 'been', 'being',
]);
/** Words after a thing asked for that end its name ("heated seats in the back", "a sunroof please"). */
const CUT_WORDS = new Set(['in', 'on', 'at', 'for', 'from', 'by', 'please', 'too', 'also', 'installed', 'included', 'still', 'right', 'now', 'as', 'if', 'because', 'so', 'than', 'then', 'that', 'which']);
const LEADING = new Set(['the', 'any', 'some', 'its', 'this', 'that', 'these', 'those', 'such']);
const ARTICLES = new Set(['a', 'an']);

/** What introduces a thing the customer asks the car to have. */
const ASKS_FOR = /\b(?:(?:has|have)\s+(?:it|this|that|they)\s+got|comes?\s+with|equipped\s+with|(?:is|are)\s+there|have|has|got|includes?|with|any)\b/g;

interface Feature {
  /** The customer's words, as the reply repeats them ("a sunroof"). */
  said: string;
  /** The words that must all be in an option or a sentence of the description. */
  words: string[];
  at: number;
}

/** The things asked for that are no detail of the record: each to look up as words; their spans, which detail reading skips. */
function featuresAsked(q: string): { features: Feature[]; spans: [number, number][] } {
  const features: Feature[] = [];
  const spans: [number, number][] = [];
  let read = 0;
  for (const m of q.matchAll(ASKS_FOR)) {
    // "does it come with any heated seats": "any" is inside what "come with" introduced.
    if (m.index < read) continue;
    const start = m.index + m[0].length;
    const end = start + (/[,.;:!?]/.exec(q.slice(start))?.index ?? q.length - start);
    read = end;
    let at = start;
    for (const part of q.slice(start, end).split(/(\s+(?:and|or|plus|&)\s+|\s*\/\s*)/)) {
      const here = at;
      at += part.length;
      if (/^\s*(?:and|or|plus|&|\/)?\s*$/.test(part)) continue;
      const words = wordsOf(part);
      if (CLAUSE_WORDS.has(words[0])) break;
      const cut = words.findIndex((w) => CUT_WORDS.has(w));
      const named = cut < 0 ? words : words.slice(0, cut);
      // "a way to see it", "any chance you could": a clause, not a thing the car has; a number the reply must not repeat.
      if (named.some((w) => CLAUSE_WORDS.has(w) || /^\d+$/.test(w)) || (cut >= 0 && words[cut] === 'to')) continue;
      let first = 0;
      while (first < named.length && LEADING.has(named[first])) first++;
      const said = named.slice(first);
      const significant = said.filter((w) => !ARTICLES.has(w) && !FUNCTION_WORDS.has(w));
      if (significant.length === 0 || significant.length > 6) continue;
      // A detail of the record itself ("awd", "4 doors", "a manual", "a v6 engine"): the detail clauses answer it.
      if (significant.some((w) => DETAIL_NOUNS.engine.includes(w) || DETAIL_NOUNS.transmission.includes(w)) || significant.every(isPlain)) continue;
      features.push({ said: said.join(' '), words: significant, at: here });
      spans.push([here, here + part.length]);
    }
  }
  return { features, spans };
}

/** Where a phrase of `phrases` stands as a detail in `words` (not naming something else: "automatic headlights", "test drive"), or -1. */
function detailAt(words: readonly string[], phrases: readonly string[], lastMayFollowName = false): number {
  for (const phrase of phrases) {
    const parts = phrase.split(' ');
    for (let i = 0; i + parts.length <= words.length; i++) {
      if (parts.some((p, j) => words[i + j] !== p)) continue;
      // A value ending the question says what the car named before it is ("is the yellow volvo xc60 awd?").
      const last = lastMayFollowName && i + parts.length === words.length;
      if ((last || isPlain(words[i - 1])) && isPlain(words[i + parts.length])) return i;
    }
  }
  return -1;
}

/** The values of a table the words name as details, in the table's order, with where the first stands. */
function valuesNamed<T extends string>(table: ValueWords<T>, words: readonly string[]): { values: T[]; at: number } {
  const values: T[] = [];
  let at = -1;
  for (const [value, phrases] of table) {
    const i = detailAt(words, phrases, true);
    if (i < 0) continue;
    values.push(value);
    at = at < 0 ? i : Math.min(at, i);
  }
  return { values, at };
}

const DRIVE_NAMES: Readonly<Record<string, string>> = { AWD: 'all-wheel drive', '4WD': 'four-wheel drive', FWD: 'front-wheel drive', RWD: 'rear-wheel drive' };
const TRANSMISSION_NAMES: Readonly<Record<string, string>> = { Automatic: 'an automatic', Manual: 'a manual' };
const CVT = /\b(?:e?cvt|ivt|continuously variable)\b/i;
const NUMBER = new Intl.NumberFormat('en-US');
const CONFIRM = 'our team can confirm';

const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null);
const count = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);
/** Feed text short and plain enough to repeat as written: no figures, no sentences. */
const quotable = (value: string) => value.length <= 40 && /^[a-z][a-z &'()/+.-]*$/i.test(value);
/** Feed text the reply may quote as the listing's words (an engine, a drive train no table names). */
const listed = (what: string, value: string) => (value.length <= 60 && !/[$]/.test(value)
  ? `Its listing gives the ${what} as "${value}".` : `Its listing describes the ${what}; ${CONFIRM} the details.`);

/** Singular of a simple plural ("seats", "batteries", "boxes"), so either form matches the other. */
function singular(w: string): string {
  if (w.length <= 3) return w;
  if (w.endsWith('ies')) return `${w.slice(0, -3)}y`;
  if (/(?:s|x|z|ch|sh)es$/.test(w)) return w.slice(0, -2);
  return w.endsWith('s') && !w.endsWith('ss') ? w.slice(0, -1) : w;
}

/** Whether every word of the feature is in the text, as words or run together ("car play" in "CarPlay", "backup" in "Back-Up"). */
function mentions(passage: string, feature: readonly string[]): boolean {
  const words = wordsOf(passage);
  const forms = [...new Set([...words, ...words.slice(1).map((w, i) => words[i] + w)].map(singular))];
  // A word written short names the longer one ("backup cam" is a "Backup Camera", "nav" a "Navigation System").
  const has = (w: string) => forms.includes(singular(w)) || (w.length >= 3 && forms.some((f) => f.startsWith(w)));
  const readings = [feature, ...feature.slice(1).map((_, i) => [...feature.slice(0, i), feature[i] + feature[i + 1], ...feature.slice(i + 2)])];
  return readings.some((r) => r.every(has));
}

function sayFeature(car: CarRecord, feature: Feature): string {
  const options = text(car.options);
  const description = text(car.description);
  if (!options && !description) return `Its listing has no options or description to check for ${feature.said}; ${CONFIRM}.`;
  const item = options?.split(/[,;|•\n]+/).map((o) => o.trim()).find((o) => mentions(o, feature.words));
  if (item) return `Yes, its options include ${quotable(item) ? item : feature.said}.`;
  if (description?.split(/[.!?;\n]+/).some((s) => mentions(s, feature.words))) return `Yes, its description says it has ${feature.said}.`;
  return `Its options and description don't mention ${feature.said}; ${CONFIRM}.`;
}

function sayDrive(car: CarRecord, asked: readonly string[]): string {
  const written = text(car.driveTrain);
  if (!written) return `Its listing doesn't give the drive train; ${CONFIRM}.`;
  const drive = canonicalDriveTrain(written);
  if (!drive) return listed('drive train', written);
  const others = asked.filter((a) => a !== drive);
  return `It is ${DRIVE_NAMES[drive]} (${drive})${others.length > 0 && !asked.includes(drive) ? `, not ${others.join(' or ')}` : ''}.`;
}

function sayTransmission(car: CarRecord, asked: readonly string[], asksCvt: boolean): string {
  const written = text(car.transmission);
  if (!written) return `Its listing doesn't give the transmission; ${CONFIRM}.`;
  const kind = canonicalTransmission(written);
  if (!kind) return listed('transmission', written);
  const cvt = CVT.test(written);
  const said = `It has ${cvt ? 'a CVT (automatic)' : TRANSMISSION_NAMES[kind]} transmission`;
  if (asksCvt && !cvt && kind === 'Automatic') return `${said}; its listing doesn't say whether it is a CVT.`;
  const other = asked.find((a) => a !== kind);
  return `${said}${other && !asked.includes(kind) ? `, not ${asksCvt ? 'a CVT' : TRANSMISSION_NAMES[other]}` : ''}.`;
}

function sayFuel(car: CarRecord, asked: readonly string[]): string {
  const written = text(car.fuelType);
  if (!written) return `Its listing doesn't give the fuel type; ${CONFIRM}.`;
  const fuel = canonicalFuelType(written);
  if (!fuel) return listed('fuel type', written);
  const others = asked.filter((a) => a !== fuel);
  return `Its fuel type is ${fuel.toLowerCase()}${others.length > 0 && !asked.includes(fuel) ? `, not ${others.join(' or ').toLowerCase()}` : ''}.`;
}

function sayColour(car: CarRecord, asked: readonly string[]): string {
  const written = text(car.color);
  if (!written) return `Its listing doesn't give the colour; ${CONFIRM}.`;
  const colour = canonicalColor(written);
  const others = asked.filter((a) => a !== colour);
  return `It is ${written.toLowerCase()}${colour && others.length > 0 && !asked.includes(colour) ? `, not ${others.join(' or ').toLowerCase()}` : ''}.`;
}

/** Fuel economy is no fact of the record: "gas mileage" asks neither the fuel nor the odometer. */
const FUEL_ECONOMY = /\b(?:gas|fuel)\s+(?:mileage|economy|consumption)\b|\bmpg\b|\bmiles per gallon\b/gi;

/** The sentences answering what the question asks of this car's details; [] when it asks none. */
export function sayCarDetails(car: CarRecord, question: string): string[] {
  let q = question.toLowerCase().replace(FUEL_ECONOMY, ' ');
  for (const vin of vinsIn(q)) q = q.split(vin.toLowerCase()).join('it');
  const { features, spans } = featuresAsked(q);
  // The things asked for are not details: "heated seats" asks no seat count.
  const rest = spans.reduceRight((s, [from, to]) => s.slice(0, from) + ' '.repeat(to - from) + s.slice(to), q);
  const found = [...rest.matchAll(/[a-z0-9]+/g)];
  const words = found.map((m) => m[0]);
  const said: { at: number; sentence: string }[] = features.map((f) => ({ at: f.at, sentence: sayFeature(car, f) }));
  const add = (at: number, sentence: () => string) => {
    if (at >= 0) said.push({ at: found[at].index, sentence: sentence() });
  };

  const doors = count(car.doors);
  const seats = count(car.seats);
  const glued = (suffix: RegExp) => words.findIndex((w) => suffix.test(w));
  add(Math.max(detailAt(words, DETAIL_NOUNS.doors), glued(/^\d+(dr|door)$/)), () => (doors === null ? `Its listing doesn't give the number of doors; ${CONFIRM}.` : `It has ${doors} doors.`));
  add(Math.max(detailAt(words, DETAIL_NOUNS.seats), glued(/^\d+seaters?$/)), () => (seats === null ? `Its listing doesn't give the number of seats; ${CONFIRM}.` : `It seats ${seats}.`));
  const drive = valuesNamed(DRIVE_TRAIN_WORDS, words);
  add(drive.at >= 0 ? drive.at : detailAt(words, DETAIL_NOUNS.drive), () => sayDrive(car, drive.values));
  const transmission = valuesNamed(TRANSMISSION_WORDS, words);
  add(transmission.at >= 0 ? transmission.at : detailAt(words, DETAIL_NOUNS.transmission), () => sayTransmission(car, transmission.values, CVT.test(rest)));
  const fuel = valuesNamed(FUEL_TYPE_WORDS, words);
  add(fuel.at >= 0 ? fuel.at : detailAt(words, DETAIL_NOUNS.fuel), () => sayFuel(car, fuel.values));
  add(Math.max(detailAt(words, DETAIL_NOUNS.engine), glued(/^[vi]\d{1,2}$/)), () => {
    const engine = text(car.engine);
    return engine ? listed('engine', engine) : `Its listing doesn't give the engine; ${CONFIRM}.`;
  });
  const colours = [...new Set(words.filter((w, i) => w in COLOR_WORDS && isPlain(words[i - 1]) && isPlain(words[i + 1])).map((w) => COLOR_WORDS[w]))];
  const colourWord = words.findIndex((w, i) => w in COLOR_WORDS && isPlain(words[i - 1]) && isPlain(words[i + 1]));
  add(Math.max(detailAt(words, DETAIL_NOUNS.colour), colourWord), () => sayColour(car, colours));
  add(words.findIndex((w) => /^accident/.test(w)), () => (car.accident === true ? 'It has had an accident reported on its record.' : car.accident === false ? 'No accident is reported on its record.' : `Its accident history isn't listed; ${CONFIRM}.`));
  add(words.findIndex((w) => /^(certified|cpo)$/.test(w)), () => (car.certified === true ? 'It is certified pre-owned.' : car.certified === false ? 'It is not certified pre-owned.' : `Its listing doesn't say whether it is certified; ${CONFIRM}.`));
  add(detailAt(words, DETAIL_NOUNS.mileage), () => {
    const km = count(car.kilometers);
    return km === null ? `Its mileage isn't listed; ${CONFIRM}.` : `It has ${NUMBER.format(km)} km.`;
  });
  // Two things asked may be one option ("CarPlay and Android Auto"): it is said once.
  return [...new Set(said.sort((a, b) => a.at - b.at).map((s) => s.sentence))];
}

/** Whether the question asks a detail of a car (its doors, its drive, a feature it has): what "it" in it would be. */
export function asksCarDetails(question: string): boolean {
  return sayCarDetails({}, question).length > 0;
}

/** The question without the things it asks a car to have: what names the car ("does the gold 2023 wrangler have a tow package" -> "does the gold 2023 wrangler have a"). */
export function withoutFeatures(question: string): string {
  const { spans } = featuresAsked(question.toLowerCase());
  return spans.reduceRight((s, [from, to]) => s.slice(0, from) + s.slice(to), question);
}
