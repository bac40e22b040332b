/**
 * A customer asking for a price other than the listed one, or for what their own car is worth: the
 * assistant states the listed price and hands off to staff, never agrees (decisions.md section 9).
 *
 * Recognised by what a message asks, not by set sentences: a learned model (deal-talk-model.ts) weighs the words of
 * the message as read below together with two hand-written rules (a price change asked, a trade-in value asked),
 * and may overrule them. The reading and the rules:
 * - the text is read once (`readRequest`): Spanish and French words for the same meanings read as English, amounts become marks saying what kind of amount each is
 *   (a price, other money, a budget, a percentage, a bare "21" that may mean thousands), then lower
 *   case, chat spellings ("u", "yall", "im") and small typos of the words below made standard;
 * - small vocabularies: price nouns, reduction verbs, vague quantities ("a couple grand"), words
 *   that veto a reading (financing, fees, a budget, an ask declined: "not looking to haggle");
 * - patterns that combine them the way a request is built: a reduction verb on a price or an amount
 *   ("knock 2k off", "bring the price down"), a superlative on a price ("your best number"), an
 *   amount offered for a car ("would you take 16 for the sonata"), a price set against another
 *   seller's ("carvana is 2k under you"), a value asked for the customer's own car; a price's history
 *   ("did the price drop?") asks for none.
 */
import { type Amount, findAmounts, NUMBER_WORDS } from '../../../../libs/common/text/amounts';
import { AMOUNT_MARKS } from './amount-marks';
import { type DealTalkModel, dealTalkProbability, ngramFeatures } from './deal-talk-model';
import trainedModel from './deal-talk-model.weights.json';

// ---------------------------------------------------------------- amounts, as marks

const { PRICE, OTHER_MONEY, BUDGET, PERCENT, BARE } = AMOUNT_MARKS;

/**
 * A bare four-digit number is money only at the end of a sentence or before "for", "cash", "off", "less" or "under" the asking or you
 * ("would you take 2000 for it?", "2000 off?"); elsewhere it is a year or a model's number ("1985
 * Corvettes", "Ram 2500", "7500 lbs").
 */
const YEAR_AS_PRICE_AFTER = /^\s*(?:$|[?.!,;]|for\b|cash\b|off\b|less\b|cheaper\b|lower\b|(?:under|below)\s*(?:$|[?.!,;]|(?:the\s+|your\s+)?(?:asking|sticker|list|msrp|invoice|price)\b|(?:you|yours|here)\b))/i;

function isMoney(a: Amount, after: string): boolean {
  if (a.unit !== null) return false;
  if (a.currency || a.scaled || a.grouped || (a.down && a.value >= 100)) return true;
  if (a.decimal || a.value < 1000 || a.value >= 1e7) return false;
  return (!a.possibleYear && a.value >= 10000) || YEAR_AS_PRICE_AFTER.test(after);
}

/** Money written as money ("$", "k", "25,000", words) or a five-digit bare amount: never a model's number or a year ("Ram 2500", "1987 Buick"). */
export function statedMoneyIn(text: string): Amount[] {
  return moneyIn(text).filter((a) => a.currency || a.scaled || a.grouped || a.words || a.down || a.value >= 10000);
}

/** The amounts of money a customer's text names, in order (prices, payments, down payments). */
function moneyIn(text: string): Amount[] {
  return findAmounts(text).filter((a) => isMoney(a, text.slice(a.end)));
}

/** A number that names something rather than counts money: "stock 12345", "zip is 92115", "#4471" (and one run into more digits: a phone number). */
const IDENTIFIER_BEFORE = /(?:\b(?:stock|stk|vin|zip|postal|code|unit|ref|order|account|phone|cell|ext|apt|suite|id|exit|route|hwy|highway|interstate)\s*(?:#|no\.?|number|is|:)?|#)\s*$/i;
/** Words before an amount that make it a bound on a search, not an offer. */
const BUDGET_BEFORE = /\b(?:under|below|beneath|less than|no more than|not more than|at most|max(?:imum)? of|within|between|budget(?: of| is| around| about)?|range|for (?:around|about|under)|in the|(?:between|from) \S+ (?:and|to))\s*$/i;
/** A car named before "for around", "for under": a price asked for it ("get this car for around $17,000", "do it for under 20"), not a search. */
const CAR_FOR_BEFORE = /\b(?:it|this|that|them|(?:the|this|that|your)\s+[a-z0-9-]+)\s+for\s+(?:around|about|under)\s*$/i;
/**
 * Money the customer has or can spend ("I have 20k cash", "up to 25k") bounds a search, unless it is put on a car named after it
 * ("I have 20 cash for it", "I can go up to 25k on the Civic") or the customer comes up to it, towards the seller ("I can come up to 21").
 */
const HAVE_BEFORE = /\b(?:have|got|saved|afford|spend|spending|(?<!\bcome\s+)up to)\s+(?:about\s+|around\s+|like\s+|roughly\s+|maybe\s+)?$/i;
const FOR_THE_CAR_AFTER = /^\s*(?:\w+\s+){0,2}?(?:for|on)\s+(?:the|that|this|it|your)\b/i;
/** Words after an amount that make it a bound on a search ("30k or less", "18k for a minivan", "20k enough for a"). */
const BUDGET_AFTER = /^\s*(?:or (?:less|under|below|cheaper)|and (?:under|below|less)|max budget|budget|range|to spend|for (?:a|an|any|some|something|anything|my budget)\b|enough (?:for|to)\b|(?:cash )?to (?:work with|play with))/i;
/** Before an amount: the seller asked to take it ("would you take $15,000 for a Civic?"): an offer, whatever follows it. */
const ASKED_TO_TAKE_BEFORE = /\b(?:would|will|could|can|do)\s+(?:you|ya)\s+(?:\w+\s+){0,2}?(?:take|accept|sell|let|consider|entertain|do)\b[^.?!]{0,20}$/i;
/** After an amount: money put towards a down payment ("2 grand for a down payment"). */
const PUT_TOWARDS = /^\s*(?:for|as|towards?|on)\s+(?:a|an|the|my|our|your)?\s*(?:down\s*payment|deposit|down)\b/i;
/** What can follow a bare number that means thousands: the end, an offer's words, a car named after "for"/"on". */
const BARE_AFTER =
  /^\s*(?:$|[?!.,;)]|(?:flat|even|cash|otd|out the door|all in|total|tops|max|firm|final|out of the question|and|&|n|or|if|but|(?:i|we)(?:'?(?:ll|d|m|re))?|then|so|plus|instead|off|less|lower|cheaper|work|works|happen|doable|sounds?|too|one|two|three|four|five|six|seven|eight|nine|fifty)\b|(?:for|on)\s+(?:the|that|this|it|your|ur|stock|him|her|both|them|me|us|[a-hj-npr-z\d]{17})\b|(?:would|should|could|might)\s+(?:be|work|do)\b|with\s+(?:tax|taxes|fees|everything)\b|(?:is\s+|seems\s+)?(?:possible|acceptable|ok|okay|fair|reasonable|realistic|enough|in the ballpark)\b|is\s+(?:my|our|all|the|what|where|too)\b|in\s+(?:cash|hand)\b|be\b|not\s+(?:a|one)\s+(?:penny|dime|cent|dollar)\b|not\s+(?:a\s+)?(?:more|higher)\b)/i;
/** After a bare number too large for an hour: a day or a condition ("I'd do 19 today", "19 with the warranty"). */
const BIG_BARE_AFTER = /^\s*(?:right now|now|today|tonight|tomorrow|this week|with)\b/i;
/** Before a bare number, "at" or "by" makes it a time ("call me at 3", "ready by 5", "at 10 or 11"), unless the customer stands at it ("I'm at 21", "meet me at 25") or buys at it. */
const TIME_BEFORE = /(?:\b(?:by|before|after|until|till|from|at|in)(?:\s+\d{1,2}(?::\d\d)?\s*(?:or|to|and|-))?|:)\s*$/i;
/** Words of the clock, the calendar and visits: a number up to 12 near them is an hour ("can you do 3 or 4 tomorrow?", "would 9 be ok to come in?"). */
const CLOCK_WORDS = /^[^.?!;\n]*\b(?:am|pm|a\.m|p\.m|o'?clock|today|tomorrow|tonight|morning|afternoon|evening|noon|monday|tuesday|wednesday|thursday|friday|saturday|sunday|weekend|test\s*drive|appointment|appt|to\s+(?:come|stop|swing|visit|call))\b/i;
/** "At" a number above twelve is no hour on the clock people text in: an offer ("what if I came in at 19?", "counter at 31", "at 22 I'd buy it"). */
const AT_BEFORE = /\bat\s*$/i;
/** Before a number up to 12, a person arriving: an hour ("I'll be there around 11", "can I stop by about 4"). */
const ARRIVAL_BEFORE = /\b(?:be\s+(?:there|here|in|by|over|back|home|free|off|available|ready)|get\s+(?:there|here|off)|arrive|stop\s+by|swing\s+by|come\s+(?:in|by|over))\s+(?:around|about|at|by|like|before|after)?\s*$/i;
/** Before a bare number, a person being it: an age ("I'm 25", "my son is 17"). */
const AGE_BEFORE = /\b(?:i'?m|i am|he'?s|she'?s|(?:he|she|son|daughter|kid|wife|husband|mom|dad)\s+is|turned|turning|aged?)\s*$/i;
const STANDING_AT = /\b(?:i'?m|i am|we'?re|we are|you'?re|you are|meet (?:me|you|us)|settle|agree|land|chance|firm|happy|good|ok|okay|fine|comfortable)\s+at\s*$|\b(?:buy|buying|bought|purchase|purchasing|sell|selling|sold)\b(?:\s+\w+){0,2}\s+at\s*$/i;

/** A bare number (no currency, scale, unit or period) that may be thousands in speech: see BARE. */
function mayBeThousands(a: Amount, before: string, after: string): boolean {
  if (a.unit !== null || a.period !== null || a.down || a.currency || a.words || a.possibleYear) return false;
  if (a.value <= 0 || a.value >= 10000 || (a.decimal && a.value >= 1000)) return false;
  const standing = STANDING_AT.test(before) || (a.value > 12 && AT_BEFORE.test(before));
  if ((TIME_BEFORE.test(before) && !standing) || AGE_BEFORE.test(before) || (a.value <= 12 && (CLOCK_WORDS.test(after) || ARRIVAL_BEFORE.test(before)))) return false;
  return BARE_AFTER.test(after) || (a.value > 12 && BIG_BARE_AFTER.test(after));
}

/** A plain number after an article or a possessive names a car, a year or a model ("the 2022", "my 2500", "that 911"), it is no sum. */
const NAMED_BEFORE = /\b(?:the|a|an|my|our|your|that|this|these|those)\s*$/i;
/** The other side of a count: "2 keys or just 1", "6 seats or 7" (not "20 or 21", "20 for it or 19"). */
const COUNT_OR_BEFORE = /\b\d+\s+(?!(?:for|on|cash|flat|even|or|and|to|k|grand|off|is|if|but|today|now|tonight|otd|out)\b)[a-z]+[^.?!;\d]*\bor\s+(?:just\s+|only\s+|maybe\s+)?$/i;
/** A number in an address: "40 and 5th", "14 maple street". */
const STREET_AFTER = /^\s*(?:(?:and|&)\s+\d+(?:st|nd|rd|th)\b|(?:(?!and\b)[a-z]+\s+)?(?:st|street|ave|avenue|rd|road|blvd|boulevard|ln|lane|hwy|highway|pkwy|parkway)\b)/i;
/** A span from zero is a measure, not money ("0-60 on the Mustang", "0 to 60"). */
const FROM_ZERO_BEFORE = /(?:^|[^\d.,])0\s*(?:-|to)\s*$/i;

/** The mark an amount stands for in the text, or null to leave it as written (a year, a count, km, an identifier). */
function markOf(a: Amount, text: string): string | null {
  const before = text.slice(0, a.start);
  const after = text.slice(a.end);
  if (IDENTIFIER_BEFORE.test(before) || /^[\s-]*\d/.test(after) || FROM_ZERO_BEFORE.test(before)) return null;
  if (NAMED_BEFORE.test(before) && !(a.currency || a.scaled || a.grouped || a.words)) return null;
  if (COUNT_OR_BEFORE.test(before.slice(-80)) || STREET_AFTER.test(after)) return null;
  if (a.unit === '%') return PERCENT;
  if (a.unit !== null) return null;
  const budget = (BUDGET_BEFORE.test(before) && !CAR_FOR_BEFORE.test(before))
    || (!ASKED_TO_TAKE_BEFORE.test(before) && (BUDGET_AFTER.test(after) || (HAVE_BEFORE.test(before) && !FOR_THE_CAR_AFTER.test(after))));
  if (isMoney(a, after) || (a.words && a.value >= 100 && a.unit === null)) {
    if (a.period !== null || a.down || PUT_TOWARDS.test(after)) return OTHER_MONEY;
    return budget ? BUDGET : PRICE;
  }
  if (mayBeThousands(a, before, after)) return budget ? BUDGET : BARE;
  return null;
}

/**
 * Thousands said in words without "thousand" ("twenty for it", "nineteen five"): the shared reader
 * leaves number words under a hundred alone (they are mostly "the one with"), so they are marked
 * BARE here, from the shared table of number words, where an offer's words follow them.
 */
const SPOKEN_WORDS = Object.keys(NUMBER_WORDS).filter((w) => NUMBER_WORDS[w] > 10 && NUMBER_WORDS[w] < 100);
const UNIT_WORDS = Object.keys(NUMBER_WORDS).filter((w) => NUMBER_WORDS[w] > 0 && NUMBER_WORDS[w] < 10);
const SPOKEN_THOUSANDS = new RegExp(String.raw`\b(?:${SPOKEN_WORDS.join('|')})(?:[\s-]+(?:${UNIT_WORDS.join('|')}))?\b`, 'gi');

/** Slang for thousands the shared reader does not know ("2 large off", "3 racks", "5 stacks", "2 g's"), read as "grand" (not "2 large pizzas"). */
const SLANG_THOUSANDS = /\b(\d+(?:\.\d+)?)\s*(?:large|racks?|stacks?|bands?|g's|gs)\b(?=\s*(?:$|[^\w\s]|(?:off|for|on|cash|with|and|or|max|tops|less|under|over|down|out|if|is|to|i|i'?m|i'?ll|we)\b))/gi;
/** Slang for hundreds ("5 hundo off", "a couple hunnid", "5 bills off"). */
const SLANG_HUNDREDS = /\b(\d+|a|couple|few)\s+(?:hundos?|hunnids?|hunneds?|bills)\b/gi;
/** Amounts after a down payment, in its clause, that fit in it: where it comes from ("4k down, 2k cash and 2k from my tax return"), not a price. */
const SAME_CLAUSE = /^[^.?!;\n]*$/;
const MOVES_A_PRICE_AFTER = /^\s*(?:off|less|lower|cheaper)\b/i;

function markAmounts(written: string): string {
  const text = written.replace(SLANG_THOUSANDS, '$1 grand').replace(SLANG_HUNDREDS, '$1 hundred');
  let out = '';
  let at = 0;
  let downLeft = 0;
  for (const a of findAmounts(text)) {
    let mark = markOf(a, text);
    if (mark === null) continue;
    if (!SAME_CLAUSE.test(text.slice(at, a.start))) downLeft = 0;
    const value = mark === BARE ? a.value * 1000 : a.value;
    if (mark === OTHER_MONEY && a.down) downLeft = a.value;
    else if ((mark === PRICE || mark === BARE || mark === BUDGET) && value <= downLeft && !MOVES_A_PRICE_AFTER.test(text.slice(a.end))) {
      mark = OTHER_MONEY;
      downLeft -= value;
    }
    out += text.slice(at, a.start) + mark;
    at = a.end;
  }
  out += text.slice(at);
  return out.replace(SPOKEN_THOUSANDS, (words, start: number, whole: string) =>
    BARE_AFTER.test(whole.slice(start + words.length)) && !TIME_BEFORE.test(whole.slice(0, start)) ? BARE : words);
}

// ---------------------------------------------------------------- Spanish and French, read as English

/**
 * Customers write in Spanish or French, or mix them into English ("mejor precio", "un 8 por ciento de descuento", "votre
 * meilleur prix"). Their words for the same meanings as the vocabularies below are read as the English the patterns know,
 * before amounts are (so "27 mil" is thousands, "al mes" a period, "de enganche" a down payment). Accents are dropped first.
 * Words that are also English ("dan", "me", "plus", "auto", "location") are left alone; verb forms addressed to the seller carry
 * their "you" ("igualan": "you match"), as Spanish and French leave it out or put it after the verb.
 */
const FOREIGN_PHRASES: ReadonlyArray<readonly [RegExp, string]> = [
  // French elision and inversion: "j'offre", "l'auto", "pouvez-vous".
  [/\b(j|l|d|qu|c|m)'(?=[a-z])/gi, '$1e '],
  [/-(?=(?:vous|tu|il|elle|on|nous)\b)/gi, ' '],
  [/\b(?:por\s*ciento|pour\s*cent|pourcent)s?\b/gi, 'percent'],
  // "27 mil" is 27 thousand in Spanish (the shared reader takes "mil" for a million).
  [/\b(\d+(?:[.,]\d+)?)\s*mil\b/gi, '$1 thousand'],
  [/\b(?:de|como|d'|pour|en)?\s*(?:enganche|pago\s+inicial|mise\s+de\s+fonds|acompte|anticipo|prima)\b/gi, ' down'],
  [/\b(?:al|por|cada|el|par|chaque|au)\s+(?:mes|mois)\b/gi, 'a month'],
  [/\b(?:en\s+efectivo|de\s+contado|al\s+contado|en\s+cash|comptant|en\s+liquide)\b/gi, 'cash'],
  [/\b(?:a\s+cuenta|(?:como|en)\s+parte\s+de\s+pago|en\s+reprise|en\s+echange|a\s+cambio)\b/gi, 'in trade'],
  [/\b(?:valor|valeur)\s+(?:de\s+)?(?:intercambio|reprise|cambio)\b/gi, 'trade value'],
  // A price and its adjective after it: "precio mas bajo", "prix le plus bas", "ultimo precio".
  [/\b(?:precio|prix)\s+(?:(?:mas|le\s+plus|plus)\s+(?:bajo|bas)|minimo|minimum)\b/gi, 'lowest price'],
  [/\b(?:precio|prix)\s+(?:final|ultimo|dernier)\b|\b(?:ultimo|dernier)\s+(?:precio|prix)\b/gi, 'final price'],
  [/\b(?:lo|le)\s+(?:mas\s+bajo|plus\s+bas|minimo|minimum|menos|moins)\b/gi, 'the lowest'],
  [/\b(?:mas\s+barato|mas\s+barata|moins\s+cher|moins\s+chere|plus\s+bas)\b/gi, 'cheaper'],
  // "Hacer precio" (make a price): a better price.
  [/\b(?:hacer|hacerme|hacernos|hacen|hace|haces|harian)\s+(?:un\s+)?(?:buen\s+|mejor\s+)?precio\b/gi, 'give me a better price'],
  // "En cuanto me la dejan": what would you let it go for.
  [/\b(?:en|por)\s+cuanto\s+(?:me\s+|nos\s+)?(?:lo|la|los|las)\s+(?:dejan|dejarian|deja|dejas|vende|venden|venderian|darian|dan)\b/gi, "what's the lowest you'd take"],
  // "Cuanto me dan", "me lo dan": what you give me (alone, "dan" is a name).
  [/\b(?:me|nos)\s+(?:(?:lo|la)\s+)?(?:dan|da|das|darian|daria|darias)\b/gi, 'you would give me'],
  [/\b(?:te|le|les)\s+(?:(?:lo|la)\s+)?(?:doy|daria|dare)\b/gi, 'i would give you'],
];
const FOREIGN_WORDS: Readonly<Record<string, string>> = {
  // Prices and asks.
  precio: 'price', precios: 'price', prix: 'price', mejor: 'best', meilleur: 'best', meilleure: 'best', meilleurs: 'best',
  descuento: 'discount', descuentos: 'discount', rebaja: 'discount', rebajas: 'discount', rebajar: 'discount', rebajan: 'discount',
  rebajen: 'discount', rebajarian: 'discount', rebajaria: 'discount', rabais: 'discount', remise: 'discount', escompte: 'discount',
  negociable: 'negotiable', negociables: 'negotiable', negociar: 'negotiate', negociamos: 'negotiate', negocier: 'negotiate',
  negocions: 'negotiate', negociez: 'negotiate', regatear: 'haggle', regateo: 'haggle', marchander: 'haggle',
  oferta: 'offer', ofertas: 'offer', offre: 'offer', offres: 'offer', ofrezco: 'i offer', ofrecer: 'offer', offrir: 'offer',
  ofrecen: 'you offer', ofreces: 'you offer', ofrece: 'you offer', ofrecerian: 'you would offer', ofreceria: 'you would offer',
  offrez: 'you offer', offririez: 'you would offer', trato: 'deal', firme: 'firm', fijo: 'firm', minimo: 'lowest', menos: 'less',
  moins: 'less', barato: 'cheap', barata: 'cheap', cher: 'expensive', caro: 'expensive', cara: 'expensive',
  // The seller asked: "pueden igualar", "me lo igualan", "aceptarian 20 mil", "pourriez-vous baisser".
  igualar: 'match', igualan: 'you match', igualen: 'you match', iguala: 'you match', igualas: 'you match', igualarian: 'you would match',
  egaler: 'match', egalez: 'you match', egaleriez: 'you would match', mejorar: 'better', mejoran: 'you better', mejorarian: 'you would better',
  bajar: 'lower', bajarle: 'lower', bajan: 'you lower', bajen: 'you lower', bajarian: 'you would lower', baisser: 'lower', baissez: 'you lower', baisseriez: 'you would lower',
  aceptar: 'accept', aceptan: 'you accept', acepta: 'you accept', aceptas: 'you accept', aceptarian: 'you would accept', aceptaria: 'you would accept',
  accepter: 'accept', acceptez: 'you accept', accepteriez: 'you would accept', tomar: 'take', toman: 'you take', tomarian: 'you would take',
  prendre: 'take', prenez: 'you take', prendriez: 'you would take', dejar: 'let', dejan: 'you let', dejarian: 'you would let', dejas: 'you let',
  vender: 'sell', venden: 'you sell', venderian: 'you would sell', vendre: 'sell', vendez: 'you sell', vendriez: 'you would sell',
  dar: 'give', darian: 'you would give', daria: 'would give', donner: 'give', donnez: 'you give', donneriez: 'you would give',
  pagar: 'pay', pagan: 'you pay', pagarian: 'you would pay', payer: 'pay', payez: 'you pay', paieriez: 'you would pay',
  hacer: 'do', hacen: 'you do', harian: 'you would do', faire: 'do', faites: 'you do', feriez: 'you would do',
  pueden: 'can you', puede: 'can you', puedes: 'can you', podrian: 'could you', podria: 'could you', podrias: 'could you',
  pouvez: 'can you', pourriez: 'could you', peux: 'can you', pourrais: 'could you', puedo: 'can i', podemos: 'can we',
  compro: 'i buy', compramos: 'we buy', pago: 'i pay', pagaria: 'i would pay', doy: 'i give', pagos: 'payments', mensualidad: 'monthly payment', mensualidades: 'monthly payments',
  mensual: 'monthly', versement: 'payment', mensualite: 'monthly payment', mensualites: 'monthly payments', financiamiento: 'financing',
  financiacion: 'financing', financement: 'financing', financer: 'finance', financiar: 'finance', prestamo: 'loan', pret: 'loan',
  tasa: 'rate', taux: 'rate', interes: 'interest', interet: 'interest', credito: 'credit', deposito: 'deposit', cuota: 'payment', cuotas: 'payments',
  // A value for the customer's car.
  cuanto: 'how much', cuanta: 'how much', combien: 'how much', vale: 'is worth', vaut: 'is worth', valdria: 'would be worth', vaudrait: 'would be worth',
  valor: 'value', valeur: 'value', avaluo: 'appraisal', avaluar: 'appraise', tasar: 'appraise', tasacion: 'appraisal', evaluer: 'appraise',
  evaluation: 'appraisal', intercambio: 'trade', intercambiar: 'trade', reprise: 'trade in', echanger: 'trade',
  // Sellers, cars, and the small words between.
  otro: 'other', otra: 'other', otros: 'other', otras: 'other', autre: 'other', autres: 'other', agencia: 'dealer', concesionario: 'dealer',
  concesionaria: 'dealer', distribuidor: 'dealer', concessionnaire: 'dealer', lote: 'lot',
  carro: 'car', coche: 'car', voiture: 'car', camioneta: 'truck', troca: 'truck', camion: 'truck', vehiculo: 'vehicle', vehicule: 'vehicle',
  mi: 'my', mis: 'my', mon: 'my', ma: 'my', mes: 'my', nuestro: 'our', nuestra: 'our', notre: 'our', tu: 'your', su: 'your', votre: 'your', vos: 'your',
  usted: 'you', ustedes: 'you', vous: 'you', nosotros: 'we', nous: 'we', je: 'i',
  el: 'the', la: 'the', los: 'the', las: 'the', le: 'the', les: 'the', lo: 'it', un: 'a', una: 'a', une: 'a',
  del: 'of the', de: 'of', du: 'of the', des: 'of the', por: 'for', para: 'for', pour: 'for', en: 'at', y: 'and', et: 'and', si: 'if',
  es: 'is', est: 'is', cual: 'what', quel: 'what', quelle: 'what', hoy: 'today', ahora: 'now', maintenant: 'now', dinero: 'money', argent: 'money',
  efectivo: 'cash', mas: 'more', publicado: 'listed', anunciado: 'advertised', affiche: 'listed', annonce: 'advertised',
};
/** Before "mi", a number: miles ("80k mi"), not "my". */
const MILES_BEFORE = /\d\s*k?\s*$/i;

/** The text with Spanish and French words read as English (see FOREIGN_PHRASES); English text comes back as it was, but for accents. */
function inEnglish(text: string): string {
  let out = text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace(/[\u00bf\u00a1]/g, ' ');
  for (const [pattern, english] of FOREIGN_PHRASES) out = out.replace(pattern, english);
  return out.replace(/(?<![\w'-])[a-z]+(?![\w'-])/gi, (word, at: number, whole: string) => {
    const english = FOREIGN_WORDS[word.toLowerCase()];
    return english === undefined || (word.toLowerCase() === 'mi' && MILES_BEFORE.test(whole.slice(0, at))) ? word : english;
  });
}

// ---------------------------------------------------------------- words, made standard

/** Chat spellings of the words the patterns read. */
const CHAT_SPELLINGS: Readonly<Record<string, string>> = {
  u: 'you', ya: 'you', yall: 'you', "y'all": 'you', "ya'll": 'you', youse: 'you', ur: 'your', yer: 'your',
  im: "i'm", id: "i'd", ive: "i've", ill: "i'll", youd: "you'd", youll: "you'll", youre: "you're", r: 'are', whats: "what's", wats: "what's", hows: "how's", wat: 'what', thats: "that's", its: "it's",
  cant: "can't", wont: "won't", dont: "don't", isnt: "isn't", wouldnt: "wouldn't", wud: 'would', cud: 'could',
  wanna: 'want to', gonna: 'going to', gimme: 'give me', lemme: 'let me', lmk: 'let me know', pls: 'please', plz: 'please',
  n: 'and', w: 'with', lil: 'little', bc: 'because', cuz: 'because', diff: 'difference', tho: 'though',
};
/** Words the patterns depend on, which a small typo should not hide ("wuold", "bst", "dicount", "thinkin"). */
const KEY_WORDS = [
  'would', 'could', 'best', 'lowest', 'cheapest', 'price', 'discount', 'negotiate', 'negotiable', 'thinking', 'appraise',
  'appraisal', 'wiggle', 'offer', 'worth', 'willing', 'bottom', 'match', 'knock', 'consider', 'looking', 'asking',
  'selling', 'taking', 'giving', 'making', 'coming', 'going', 'talking', 'offering', 'paying', 'trading',
];
const KEY_WORD_SET = new Set(KEY_WORDS);
const VOWELS = /[aeiouy]/g;
const skeleton = (w: string) => w.replace(VOWELS, '').replace(/(.)\1+/g, '$1');

/** Whether `a` becomes `b` by one transposition of neighbours, or one letter added or dropped (no substitutions: "world" is not "would"). */
function oneSlipApart(a: string, b: string): boolean {
  if (a.length === b.length) {
    const d = [...a].flatMap((c, i) => (c === b[i] ? [] : [i]));
    return d.length === 2 && d[1] === d[0] + 1 && a[d[0]] === b[d[1]] && a[d[1]] === b[d[0]];
  }
  const [short, long] = a.length < b.length ? [a, b] : [b, a];
  if (long.length - short.length !== 1) return false;
  for (let i = 0; i < long.length; i++) if (long.slice(0, i) + long.slice(i + 1) === short) return true;
  return false;
}

/** A word as the patterns spell it: chat spelling, a dropped g ("thinkin'"), a vowel-less abbreviation ("bst") or a slip of a key word. */
function standardWord(w: string): string {
  if (CHAT_SPELLINGS[w] !== undefined) return CHAT_SPELLINGS[w];
  if (KEY_WORD_SET.has(w)) return w;
  const g = /^(\w+in)'?$/.exec(w);
  if (g && KEY_WORD_SET.has(`${g[1]}g`)) return `${g[1]}g`;
  if (w.length >= 3 && !/[aeiouy]/.test(w)) return KEY_WORDS.find((k) => k[0] === w[0] && skeleton(k) === w) ?? w;
  if (w.length >= 4) return KEY_WORDS.find((k) => k[0] === w[0] && !/s$/.test(w) && oneSlipApart(w, k)) ?? w;
  return w;
}

/** "ur"/"your" before what only follows "you're" ("ur gonna give", "your not going to"): "you're", not "your". */
const YOURE_MEANT = /\b(?:ur|your)(?=\s+(?:gonna|going\s+to|willing|able|not)\b)/g;

/** The text as the patterns read it: amounts marked, lower case, hyphenated words apart, words made standard. */
function readRequest(text: string): string {
  return markAmounts(inEnglish(text))
    .toLowerCase()
    .replace(/[\u2018\u2019\u02bc`]/g, "'")
    .replace(/&/g, ' and ')
    .replace(YOURE_MEANT, "you're")
    .replace(/([a-z])-(?=[a-z])/g, '$1 ')
    .replace(/[a-z][a-z']*/g, standardWord)
    .replace(/[ \t]+/g, ' ');
}

// ---------------------------------------------------------------- vocabularies and rules

/** A vague amount of money or percent: "a couple grand", "a few hundred", "a grand", "15 hundred", "half a grand", "a percent or two". */
const QTY_AMOUNT = String.raw`(?:(?:a|one|a\s+couple(?:\s+of)?|couple(?:\s+of)?|a\s+few|few|several)\s+(?:percent|pct|percentage\s+points?)(?:\s+or\s+(?:two|three|so))?|a\s+(?:couple|few)(?:\s+of)?\s+(?:grand|thousand|hundred|k|bucks|dollars|g's|gs)|couple\s+(?:grand|thousand|hundred|k)|(?:a|another|one)\s+(?:grand|thousand|hundred)|half\s+a\s+(?:grand|thousand|k)|(?:\d+|few|several)\s+hundred|a few bucks)`;

/** Fragments the patterns share, written `{NAME}` in them. */
const PARTS: Record<string, string> = {
  /** Inside one clause. */
  W: String.raw`[^.?!;\n]`,
  /** An amount a customer can offer: a price, or a bare number meaning thousands. */
  A: `[${PRICE}${BARE}]`,
  /** Any amount a price can move by. */
  MOVE: `[${PRICE}${BARE}${PERCENT}]`,
  PCT: PERCENT,
  PRICE,
  BUDGET,
  OTHER: OTHER_MONEY,
  /** Words for a price. "number" is a price unless it is one to call ("best number to text the sales team"). */
  PRICE_NOUN: String.raw`(?:prices?|pricing|numbers?(?!\s+(?:to|for)\s+(?:call|text|reach|contact|email|message|use|dial|calling|texting|reaching|sales|service|the sales))|figure|deal|offer|quote|otd|out the door)`,
  QTY_AMOUNT,
  /** Any vague amount: money, or "something", "a bit". */
  QTY: String.raw`(?:${QTY_AMOUNT}|a\s+(?:bit|little|tad|touch|chunk|smidge)(?:\s+more)?|some(?:thing)?|anything|more)`,
  /** After a deal or a best price, a loan it is on: "the best deal you have on financing", "best price on a lease". */
  ON_FINANCING: String.raw`\s+(?:(?:you|we)\s+(?:have|got|offer|can\s+get)\s+)?(?:on|for|with)\s+(?:an?\s+)?(?:financ\w*|apr|rates?|interest|loans?|leas\w*)\b`,
  /** Before an ask, words that decline it: "not looking to haggle", "I don't need a discount", "no need to discount". */
  DECLINED: String.raw`(?<!\b(?:(?:not|don't|do not|never|without)\s+(?:(?:need|want|looking|interested|trying|here|going|asking|expecting)\s+(?:to\s+|for\s+|in\s+)?)?|no\s+need\s+(?:to|for)\s+)(?:a\s+|any\s+)?)`,
  /** Verbs that move a price down. */
  REDUCE: String.raw`(?:lower(?:ing|ed)?|reduc(?:e|ing|ed)|drop(?:ping|ped)?|cut(?:ting)?|slash(?:ing|ed)?|trim(?:ming|med)?|shav(?:e|ing|ed)|knock(?:ing|ed)?|bring(?:ing)?|brought|mark(?:ing|ed)?|mov(?:e|ing|ed)|adjust(?:ing|ed)?|discount(?:ing|ed)?|chop(?:ping|ped)?|lop(?:ping|ped)?|whack(?:ing|ed)?)`,
  /** A car already named: "it", "that one", "the Tacoma", "your 2019 Civic", a stock number or a VIN. */
  THE_CAR: String.raw`(?:it|that|this|them|her|him|that one|this one|(?:the|this|that)\s+[^\s.?!,;]+(?:\s+[^\s.?!,;]+){0,3}?|your\s+[^\s.?!,;]+(?:\s+[^\s.?!,;]+){0,3}?|stock\s+\S+|[a-hj-npr-z\d]{17})`,
  /** Kinds of car, after which a superlative price is a search ("lowest price SUV you have"). */
  VEHICLE_NOUN: String.raw`(?:cars?|trucks?|suvs?|sedans?|vans?|minivans?|coupes?|hatchbacks?|wagons?|vehicles?|evs?|hybrids?|pickups?|crossovers?|ones?|models?|options?|convertibles?)`,
  /** Softeners before an offered amount: "more like 22k", "around 20". */
  ABOUT: String.raw`(?:(?:a\s+|an\s+)?(?:flat|even|cool|straight)\s+|(?:more\s+)?like\s+|around\s+|about\s+|maybe\s+|only\s+|just\s+|another\s+|(?:no\s+|not\s+)?(?:more|higher)\s+than\s+|over\s+|above\s+|past\s+|as\s+low\s+as\s+)?`,
  /** A buyer a discount is asked for: "a cash buyer", "a returning customer". */
  A_BUYER: String.raw`an?\s+(?:cash|first time|returning|repeat|loyal)\s+(?:buyer|customer)`,
  /** Price guides and listing sites a price is compared with. */
  PRICE_GUIDE: String.raw`(?:kbb|kelley|edmunds|blue\s*book|nada|market\s+value|truecar|cargurus)`,
  /** Another seller: one not this dealership, a named online or used-car seller, or "the X dealer down the street". */
  ELSEWHERE: String.raw`(?:(?:another|other|different|competing|competitor'?s?)\s+(?:dealer\w*|store|lot|place|site|seller)|carvana|carmax|vroom|autonation|auto\s*trader|cars\.com|cargurus|truecar|craigslist|(?:facebook\s+)?marketplace|offerup|echopark|drivetime|` +
    String.raw`[a-z]+(?:\s+(?:dealer\w*|motors|place|lot|store))?\s+(?:down\s+the\s+(?:street|road|block)|up\s+the\s+(?:street|road)|across\s+(?:town|the\s+street)|next\s+(?:door|town\s+over)))`,
  /** What follows a price coming down (a bit, an amount, to a price, "?"), not a visit coming down ("come down Saturday", "to the dealership"). */
  DOWN_TAIL: String.raw`\s*(?:$|[?!.,;]|(?:a\s+)?(?:bit|little|tad|touch|smidge)|some|more|any(?:more)?|at all|further|much|even|lower|off\b|(?:about|around|like|another|by|at\s+least)?\s*[${PRICE}${BARE}${PERCENT}]|(?:at\s+least\s+)?${QTY_AMOUNT}|on\s+(?:the\s+)?(?:price|it|that|this|number|sticker)|in\s+price|from\b|to\s+[${PRICE}${BARE}${OTHER_MONEY}]|to\s+(?:the|their|your|that|a|my)\s+(?:\w+\s+)?(?:price|quote|offer|number)|to\s+(?:that|this)\s*(?:$|[?!.,])|and\b|so\b|if\b|for\s+(?:me|us)\b)`,
  /** After "the lowest/best you've got on", a measure that is no price: "lowest you have on miles", "best you can do on gas". */
  NOT_PRICE: String.raw`(?:miles|mileage|km|kms|kilometers|odometer|gas|fuel|mpg|insurance|rates?|apr|interest|payments?|warrant(?:y|ies)|hours)`,
  /** Service work, whose price is no car's ("best price on tires"). */
  SERVICE_WORK: String.raw`(?:tires?|oil(?:\s+changes?)?|brakes?|service|parts|repairs?|detailing|tint\w*|alignments?|inspections?)`,
  /** What the customer owns, when it is no car ("my oil change", "my budget", "my wife"). */
  NOT_A_CAR: String.raw`(?:while|service|repairs?|oil|appointment|tires?|order|lease|loan|payments?|insurance|warranty|keys?|fob|time|credit|deposit|down|license|registration|plates?|info|information|phone|number|email|address|name|son|daughter|wife|husband|kids?|family|budget|trip|flight|mechanic|first|next|new|last|previous)`,
};

/**
 * A clause about a loan, a rate or a payment: what moves there is a monthly budget, not a car's price.
 * Financing as a condition or declined ("if I finance with you", "my own financing") is no such clause, nor good credit
 * said in passing ("my credit is good, what's the lowest you'd go?").
 */
const FINANCE = /(?<!\bif\s+(?:i|we)\s+(?:\w+\s+)?|\b(?:no|own|without)\s+)\b(?:financ\w*|loan|apr|interest|rates?|monthly|payments?|term|(?<!\b(?:good|great|excellent|decent|solid|perfect)\s+)credit(?!\s+is\s+(?:good|great|excellent|decent|solid|perfect))|per month|a month|lease|\d+\s*(?:months?|mos?|years?|yrs?))\b/i;
/** A clause about fees, taxes and what a listed price includes. */
const FEES = /\b(?:fees?|tax(?:es)?|registration|doc|include|includes|including)\b/i;
/** A clause about service work, whose price is no car's. */
const SERVICE = /\b(?:oil|service|repairs?|tires?|brakes?|parts|detail\w*|tint\w*|alignment|inspection)\b/i;
/** A clause searching stock ("looking for", "what can I get", "anything"). */
const SEARCH = /\b(?:looking|shopping|searching|anything|something|options|what can (?:i|we) get|do you have|got any|in stock)\b/i;
/** A clause about distance driven: "45k on the clock", "it has 80k on it". */
const MILEAGE = /\b(?:has|have|had|with|miles|mileage|km|kms|kilometers|odometer|clock|driven)\b/i;
/** A message that talks money, or buys on a condition: then a vague ask ("anything you can do?", "help me out") is about the price. */
const MONEY_TALK = new RegExp(String.raw`\b(?:pric\w*|expensive|high|steep|costs?|sticker|kbb|budget|spend|afford|pay|paying|cash|deal|numbers?|money|cheaper|msrp)\b|\bif\s+(?:i|we)\s+(?:buy|purchase|sign)\b|[${PRICE}${BARE}${PERCENT}]`, 'i');
/** The customer's own past deal, told, not asked for ("I sold my old car to carmax for 15k", "we paid 30k at another dealer"). */
const OWN_PAST_DEAL = /\b(?:i|we)\s+(?:\w+\s+)?(?:sold|bought|paid|purchased|leased)\b/i;
/** A clause that states a listed price, from a customer ("it's listed at 32,490") or a seller. */
const LISTED = /\b(?:listed|advertised|priced|posted|shows?|says|list price|asking price is|price (?:is|was) )/i;

interface Rule {
  readonly asks: RegExp;
  /** The sentence around the match must not say this. */
  readonly unless?: RegExp;
  /** The message must say this somewhere (a vague ask, "anything you can do?", counts when the message talks money). */
  readonly needs?: RegExp;
}

/** A rule: any of `patterns` (their `{PART}`s filled in), in a sentence that does not say `unless`, in a message that says `needs`. */
function rule(patterns: readonly string[], unless?: RegExp, needs?: RegExp): Rule {
  const expanded = patterns.join('|').replace(/\{(\w+)\}/g, (_, name: string) => {
    if (PARTS[name] === undefined) throw new Error(`unknown part ${name}`);
    return PARTS[name];
  });
  return { asks: new RegExp(expanded, 'gi'), unless, needs };
}

const anyOf = (...vetoes: RegExp[]) => new RegExp(vetoes.map((v) => v.source).join('|'), 'i');

/** Whether any rule matches `text` in a sentence its veto does not apply to. */
function anyRule(rules: readonly Rule[], text: string): boolean {
  for (const r of rules) {
    if (r.needs && !r.needs.test(text)) continue;
    for (const m of text.matchAll(r.asks)) {
      if (!r.unless) return true;
      const start = Math.max(text.lastIndexOf('.', m.index), text.lastIndexOf('?', m.index), text.lastIndexOf('!', m.index), text.lastIndexOf('\n', m.index)) + 1;
      const rest = text.slice(m.index + m[0].length).search(/[.?!\n]/);
      const sentence = text.slice(start, rest < 0 ? undefined : m.index + m[0].length + rest);
      if (!r.unless.test(sentence)) return true;
    }
  }
  return false;
}

/** Whether the listed price is the final one: a question about fees ("is the listed price the final price with taxes?"). */
const LISTED_AS_FINAL = /\b(?:(?:listed|advertised|posted|displayed|online|website|sticker|window)\s+price|price\s+(?:listed|advertised|posted|displayed|online))\b[^.?!;\n]{0,25}?\b(?:final|real|actual|total)\s+price\b/i;
/** A listed price asked about, not a new one asked for ("is the website price the real price?"). */
const ABOUT_THE_LISTING = /\b(?:website|online|internet|web|listed|advertised|sticker|store)\b/i;

/** A change to a price moves it down. */
const PRICE_MOVED = String.raw`(?:lower\w*|reduc\w*|drop\w*|cut|slash\w*|mark\w*\s+down|discount\w*|(?:go|gone|went|come|came|been\s+brought|brought)\s+down|chang\w*)`;
/**
 * A price's history asked about, not a new price asked for: "did the price drop on the tacoma?", "when did you lower it",
 * "was there a price cut", "has it been reduced", "I see you dropped the price" (not "if it was lowered I'd buy", nor with a request
 * in the same sentence: "you dropped it 500, how about 1000 more").
 */
const PRICE_HISTORY = new RegExp(
  String.raw`^(?![^]*\b(?:can|could|would|will|won't|willing|please|chance|how about|what about|more|further|again|another|even)\b)[^]*(?:` +
    String.raw`\b(?:did|didn't|has|hasn't|have|haven't|had|was|wasn't|were|weren't)\s+(?:you|they|it|(?:the|its|their|your)\s+(?:[\w'-]+\s+){0,2}?(?:price|sticker|asking|number|msrp))` +
    String.raw`(?:\s+(?:guys|all|already|recently|just|ever|really|finally|been))*\s+${PRICE_MOVED}\b` +
    String.raw`|\b(?:was|were|has|have|had)\s+there\s+(?:been\s+)?(?:a|any)\s+(?:\w+\s+)?(?:price\s+)?(?:drops?|cuts?|reductions?|changes?|markdowns?)\b` +
    String.raw`|(?<!\bif\b[^]*)\b(?:was|were|been|got)\s+(?:lowered|reduced|dropped|cut|slashed|marked\s+down)\b` +
    String.raw`|(?<!\bif\b[^]*)\b(?:you|they)(?:\s+(?:guys|all|already|just|recently|finally))*\s+(?:lowered|reduced|dropped|cut|slashed|marked\s+down)\b)`,
  'i',
);

/** (a) The price of a car to be different: negotiated, lower, best, matched, or an amount offered for it. */
const PRICE_CHANGE: readonly Rule[] = [
  // ---- Bargaining words and idioms. A deal or promotion on a rate is financing; a rebate a price includes is the listed price;
  // one declined is no ask ("not looking to haggle", "I don't need a discount", "no-haggle pricing").
  rule([
    String.raw`{DECLINED}(?<!\bno\s+)\b(?:negotia\w*|haggl\w*|bargain\w*|markdowns?|lowball\w*|wiggle|leeway|counter\s*offers?|obo|pricematch\w*|on sale|on clearance)\b`,
    String.raw`(?<!\b(?:the|online|listed|website|internet|sticker|store|your|their)\s+)\bprice\s+match\w*`,
    String.raw`\bprice\s+(?:drops?|cuts?|reductions?|breaks?)\b|\bbreak\s+on\s+(?:the\s+)?price\b|\bclearance\s+(?:sale|price|pricing|event)\b`,
  ]),
  rule([
    String.raw`{DECLINED}(?<!\b(?:financ\w*|apr|rate|interest|service)\s+|\b(?:include\w*|before|after|minus|reflect\w*)\s+(?:the\s+|any\s+|all\s+)?(?:\w+\s+)?|\b(?:is|was)\s+(?:it|this|that)\s+(?:a\s+)?(?:good|great|fair|decent|bad)\s+|\b(?:got|had|gave\s+(?:me|us))\s+(?:a\s+|some\s+)?(?:good|great|nice|fair|decent|sweet)\s+)` +
      String.raw`\b(?:discount\w*|rebates?|deals?|incentives?|promos?|promotions?|specials|coupons?|vouchers?)\b(?!\s+(?:with\b|(?:on\s+|for\s+)?(?:financ\w*|apr|rates?|interest|loans?)\b))(?!{ON_FINANCING})` +
      // One advertised is the listed price: "is the deal on the website still good?"
      String.raw`(?!\s+(?:on|from|in)\s+(?:the|your)\s+(?:web\s*site|site|ad|advert\w*|flyer|listing|e?mail|mailer|commercial|page)\b)`,
  ], anyOf(/\bthank/, SERVICE)),
  rule([
    String.raw`\bsharpen\s+(?:your|the|that)\s+pencil\b`,
    String.raw`\bbottom\s+(?:line|dollar)\b|\brock\s+bottom\b|\bbest\s+and\s+(?:final|lowest)\b`,
    // The floor of a price, not of a car: "what's the floor on that charger", "your floor price" (not "floor mats", "a floor model").
    String.raw`\b(?:the|your)\s+floor\s+(?:price|number|on\s+{THE_CAR}|for\s+{THE_CAR})|\byour\s+floor\s*(?:$|[?!.,])`,
    String.raw`\bwork\s+(?:something|it)\s+out\b`,
    String.raw`\bwork\s+with\s+(?:me|us)\s*(?:$|[?!,]|at all|on\s+(?:the\s+)?(?:price|it|that|this|number|sticker)|a\s+(?:little|bit))`,
  ]),

  // ---- The best price: "best price", "your lowest", "better offer", "military pricing" (a cheapest-price *car* is a search).
  rule([String.raw`\breal\s+(?:price|number)\b`], anyOf(ABOUT_THE_LISTING, /\bis\s+(?:this|that|it)\s+the\s+real\b/)),
  rule([String.raw`\b(?:your|a|best)\s+cash\s+price\b|\bcash\s+price\s+(?:of\s+)?{ABOUT}{A}`], ABOUT_THE_LISTING),
  rule([
    String.raw`\b(?:best|lowest|lower|better|cheapest|final|special|discounted|reduced|employee|military|veteran|student|senior|teacher|nurse|first\s+responder|fleet|supplier|loyalty|negotiated|friends\s+and\s+family)(?:\s+(?:possible|cash|otd|out the door|and final))?\s+{PRICE_NOUN}\b(?!\s+(?:range|point|bracket)\b)` +
      String.raw`(?!\s+{VEHICLE_NOUN}\b)(?!\s+(?:on|for)\s+(?:a|an|any)\b)(?!{ON_FINANCING})(?!\s+(?:on|for)\s+(?:new\s+|the\s+|your\s+)?{SERVICE_WORK}\b)(?!\s+\w+(?:\s+\w+)?\s+you(?:'ve)?\s+(?:have|got|carry)\b)`,
    String.raw`\byour\s+(?:(?:absolute|very|rock)\s+)?(?:best|lowest|bottom|cheapest|final)\b(?=\s*(?:$|[?!.,;:]|on\b|for\b|with\b|and\b|or\b|{PRICE_NOUN}))(?!\s+(?:on|for|in)\s+(?:the\s+)?{NOT_PRICE}\b)`,
  ], LISTED_AS_FINAL),
  // "The best you can do", "the cheapest you'll sell it for", "the least you'd take", "how low can you go".
  rule([
    String.raw`\b(?:best|lowest|cheapest|least|bottom|minimum)(?:\s+price)?\s+(?:that\s+)?(?:you|i|we)(?:'d|'ll|\s+(?:can|could|will|would|are willing to|be willing to|might))*\s+(?:do|go|take|sell|accept|let|part|give|offer|drop)\b(?!\s+(?:on|for|in)\s+(?:the\s+)?{NOT_PRICE}\b)`,
    String.raw`\b(?:best|lowest)\s+(?:you(?:'ve|\s+have)?\s+got|you\s+have)\s*(?:$|[?!.,]|(?:on|for)\b(?!\s+(?:the\s+)?{NOT_PRICE}\b))|\b(?:lowest|cheapest|least)\s+(?:it|that|this)\s+(?:goes|can go|will go|could go)\b`,
    String.raw`\b(?:price|amount|lowest|least)\b{W}{0,20}\byou(?:'d|'ll|\s+would|\s+will|\s+could|\s+can)?\s+(?:accept|take|go)\b`,
    String.raw`\bhow\s+(?:low|far\s+down)\b{W}{0,25}\b(?:go|come|do|take|sell|drop|accept)\b`,
    String.raw`\bhow\s+much\s+(?:(?:lower|less|cheaper)(?=\s*(?:$|[?!.,]|(?:can|could|will|would)\s+(?:you|it|they)\b))|off(?!\s+road)|room|wiggle|of a discount)\b`,
    String.raw`\bmost\s+(?:that\s+)?you(?:'d|'ll|\s+can|\s+could|\s+will|\s+would)?\s+(?:knock|take|shave|come|drop|discount)\b`,
    String.raw`\bhow\s+much\s+(?:can|could|will|would)\s+you\s+(?:come down|go down|drop|knock|take off|shave|discount|lower|reduce|move|budge|negotiate)\b`,
    String.raw`\bhow\s+much\s+(?:would|will|can|could)\s+you\s+(?:really\s+|actually\s+)?(?:take|accept|let it go)(?:\s+for\b|\s*(?:$|[?!.]))`,
    String.raw`\bwhat\s+(?:would|will|can|could)\s+you\s+(?:really\s+|actually\s+)?(?:take|accept|let it go)(?:\s+for\s+{THE_CAR}|\s*(?:$|[?!.]))`,
    String.raw`\b(?:really|actually)\s+(?:asking|take|want)\b`,
  ], FINANCE),

  // ---- Is the price firm: "is the price firm", "is 24,900 firm", "are you firm on it", "any flexibility", "any room", "will you budge".
  rule([
    String.raw`\b(?:price|pricing|sticker|number|asking|{A})\b{W}{0,15}?\b(?:firm|flexib\w*|set in stone|set(?!\s+(?:up|by|for|to|on|at)\b)|fixed|locked|final(?!\s+(?:sale|step|paperwork|payment)))\b`,
    String.raw`\b(?:it|that|this|you)\b{W}{0,6}?\bfirm\b`,
    String.raw`\bflexib\w*\b{W}{0,20}?\b(?:price|pricing|sticker|number)\b`,
    String.raw`\b(?:any|some|much|a\s+little)\s+flex(?:ib\w*)?\s*(?:$|[?!.,]|on\b|in\b|if\b)`,
    String.raw`\bflex(?:ib\w*)?\s+(?:at all|in\s+(?:the\s+)?(?:price|number|sticker)\b|on\s+(?:it|that|this|price|the\s+(?:price|number|sticker)))`,
  ], FEES),
  rule([
    String.raw`\broom\s+(?:below|under|beneath|lower\s+than)\b|\broom\s+(?:to|for)\s+(?:move|negotiat\w*|budge|work|play|come down|go down|drop|haggle|bargain)\b`,
    String.raw`\broom\s+(?:on|in)\s+(?:the\s+)?(?:price|number|sticker|it|that)\b`,
    String.raw`\b(?:any|some|much|a little|a bit of|little)\s+room\s*(?:$|[?!.,]|or\b|on\s+{THE_CAR})`,
  ]),
  rule([
    String.raw`\bbudge\b`,
    String.raw`\b(?:move|flex|bend|give)\s+(?:on\s+(?:the\s+)?(?:price|it|that|this|number|sticker)|at all|any(?:more)?|a\s+(?:bit|little|tad))\b|\byou\s+(?:move|flex|bend)\s*(?:$|[?!.])`,
    String.raw`\bwilling\s+to\s+(?:move|budge|bend|flex|negotiate|deal|come down|go lower)\b`,
    String.raw`\b(?:price|sticker|number|asking)\b{W}{0,25}?\b(?:come|go|get|be|drop|move)\w*\s*(?:down|lower|lowered|reduced|dropped|cut)\b`,
  ], FINANCE),

  // ---- Vague asks: "anything you can do on this one?", "what can you do for me", "can you do better", "help me out" (when the message talks money).
  rule([
    String.raw`\b(?:anything|something)\s+(?:else\s+)?(?:you|we)\s+(?:can|could)\s+do\s+(?:for\s+(?:me|us|{A_BUYER})\b|on\s+{THE_CAR}|(?:with|about)\s+(?:the\s+)?price)`,
    String.raw`\bwhat\s+(?:else\s+)?(?:can|could|would|will)\s+you\s+do\s+(?:for\s+(?:me|us)|on\s+(?:(?:the\s+)?price\b|{THE_CAR})|about\s+(?:the\s+)?price|with\s+(?:the\s+)?price)`,
    String.raw`\byou\b{W}{0,10}?\bdo\s+(?:(?:any|a\s+(?:little|bit|tad)|much|some\s*what)\s+better|better|anything|something|any more|much)(?=\s*(?:$|[?!.,]|for\s+(?:me|us|{A_BUYER})\b|on\s+{THE_CAR}|(?:with|about)\s+(?:the\s+)?price|than\b|if\b))`,
  ], anyOf(FINANCE, SERVICE)),
  rule([
    String.raw`\b(?:anything|something)\s+(?:else\s+)?(?:you|we)\s+(?:can|could)\s+do\s*(?:$|[?!.,]|here\b)`,
    String.raw`\bwhat\s+(?:else\s+)?(?:can|could|would|will)\s+you\s+do\s*(?:$|[?!.,]|here\b)`,
    String.raw`\bhelp\s+(?:me|us)\s+out\b`,
  ], FINANCE, MONEY_TALK),
  rule([
    String.raw`\b(?:give|cut)\s+(?:me|us)\s+a\s+break\b|\bhook\s+(?:me|us)\s+up\b(?!\s+with\b)|\btake\s+care\s+of\s+(?:me|us)\s+on\b|\bearn\s+(?:my|our)\s+business\b`,
    String.raw`\b(?:any|some|much|a little)\s+(?:give|movement)\b|\bmovement\s+on\b`,
    String.raw`\b(?:talk|discuss|chat about|go over)\w*\s+(?:about\s+)?(?:the\s+)?(?:numbers|price|pricing)\b`,
    String.raw`\bif\s+(?:the\s+|your\s+)?(?:price|numbers?)\s+(?:is\s+right|are\s+right|works?|makes?\s+sense|is\s+good|comes?\s+down|came\s+down|(?:was|were)\s+(?:better|lower|right|less))\b`,
    // A price wished for: "if the price was 18k I'd be in today", "if it were 20 I'd buy it".
    String.raw`\bif\s+(?:the\s+price|it|that|the\s+\w+)\s+(?:was|were)\s+(?:only\s+)?{ABOUT}{A}`,
    String.raw`\bmake\s+(?:the\s+)?numbers?\s+work\b|\bwork\s+out\s+(?:a|the|some)\s+(?:price|deal|number)\b|\bagreement\s+on\s+(?:a\s+|the\s+)?price\b`,
    String.raw`\bwhat\s+kind\s+of\s+(?:price|deal|number|discount|offer)\b`,
    String.raw`\b(?:price|number)\s+(?:can|could|would|will)\s+you\s+(?:give|do|offer|get)\s+(?:me|us)\b`,
    String.raw`\b(?:numbers|deal|offer)\b{W}{0,20}?\byou\b{W}{0,10}?\b(?:put together|work up|give|do|offer|come up with|get)\b`,
    String.raw`\bwhat\s+(?:would|will|does)\s+it\s+take\b{W}{0,40}?{A}`,
  ], FINANCE),

  // ---- Too dear: "overpriced", "the price is a little high for me", "not at that price", a price guide set against it ("kbb says 20k").
  rule([
    String.raw`\bnot\s+(?:loving|liking|happy with|thrilled (?:with|about)|crazy about|a fan of)\s+(?:the|that|your)\s+(?:price|number|sticker)\b|\b(?:don't|do not|doesn't)\s+(?:love|like)\s+(?:the|that|your)\s+(?:price|number|sticker)\b`,
    String.raw`\b(?:price|sticker)\s+(?:seems|looks|feels|is|'s)\s+(?:\w+\s+)?(?:high|steep|pricey|expensive)\b`,
    String.raw`\bover\s*priced\b|\b(?:asking|charging|want|wanting)\s+(?:way\s+)?too\s+much\b`,
    String.raw`\b(?:price|sticker|it|that|{A}|\d+)\b{W}{0,12}?\b(?:too|way too|a little|a bit|a tad|kinda|pretty)\s+(?:high|steep|pricey|expensive|rich)\b`,
    String.raw`\b(?:price|sticker)\b{W}{0,12}?\b(?:too|way too|a little|a bit|a tad)\s+much\b(?!\s+(?:for\s+(?:me\s+)?)?to\s+\w+)`,
    String.raw`\b(?:that's|that\s+is|it's|it\s+is)\s+(?:way\s+|a\s+(?:bit|little|tad)\s+|just\s+)?too\s+much\b(?!\s+(?:car|truck|for\s+(?:me\s+)?to\s+\w+|to\s+\w+))|\bmore\s+than\s+(?:it's|it\s+is|its|the\s+car\s+is|that's)\s+worth\b`,
    String.raw`\bnot\s+at\s+(?:that|this|your|the)\s+(?:price|number)\b|\bprice\s+should\s+(?:reflect|be\s+(?:adjusted|lower|less))\b`,
    String.raw`\b(?:should(?:n't)?|can|could|would)\s+(?:it\s+|that\s+|the\s+price\s+)?be\s+(?:cheaper|lower|less|lowered|reduced)\b`,
    String.raw`\bnot\s+(?:paying|pay|going to pay)\s+(?:the\s+)?(?:sticker|full price|asking|msrp|list|that much)\b|\bpay(?:s|ing)?\s+(?:full\s+)?(?:sticker|msrp|asking(?:\s+price)?|list\s+price)\b`,
  ], FINANCE),
  rule([
    String.raw`\b{PRICE_GUIDE}\b{W}{0,40}?(?:{A}|\bworth\b|\bless\b|\blower\b|\bcheaper\b|\bhigh\b|\bover\b)`,
    String.raw`\b(?:high|overpriced|over|above|more)\b{W}{0,25}?\b{PRICE_GUIDE}\b`,
  ]),
  // Against the listed price or the dealer's cost: "a number that isn't sticker", "5% below invoice", "what did you pay for it".
  rule([
    String.raw`\b(?:not|isn't|aint|below|under|beneath|off|less than|lower than|cheaper than|better than|beat)\s+(?:the\s+|your\s+)?(?:sticker|msrp|invoice|list(?:ed)?\s+price|asking(?:\s+price)?|(?:advertised|web\s*site|online|internet)\s+price|window\s+sticker|retail|book value)\b`,
    String.raw`\b(?:at|near|close to|over)\s+invoice\b|\binvoice\s+price\b|\bdealer\s+(?:cost|invoice)\b|\byour\s+cost\b`,
  ]),
  rule([String.raw`\bmargin\b|\bwhat\s+(?:did|do)\s+you\s+(?:guys\s+)?pay\s+for\s+(?:it|this|that|the)\b`], FINANCE),

  // ---- Money or percent off: "2k off", "10 percent off", "knock something off", "knock off 2k", "come off the price".
  rule([
    String.raw`(?:{MOVE}|{QTY_AMOUNT})\+?\s*(?:%|percent|pct|percentage|points?)?\s+off\b(?!\s+(?:road|work|hold|duty))`,
    String.raw`(?:%|percent|pct|percentage)\s+(?:off|below|under|discount)\b|{PCT}\s*(?:below|under|less|discount|cheaper)\b`,
    String.raw`\b(?:{REDUCE}|take|give)\s+(?:it\s+|that\s+)?{ABOUT}{QTY}(?:\s+(?:money|dollars|bucks|cash))?\s+off\b`,
    String.raw`\b(?:anything|something|some|a bit|a little)\s+off\s+(?:the\s+)?(?:price|sticker|msrp|list|asking)\b|\b(?:anything|something)\s+off\s+(?:for\s+(?:cash|paying|me|us)|if\s+(?:i|we))\b`,
    String.raw`\b(?:{REDUCE}|take|give)\s+off\s+{ABOUT}(?:{MOVE}|{QTY_AMOUNT})|\b(?:knock|shave|lop|chop|whack|cut|trim|slash)\s+off\s+{QTY}`,
    String.raw`(?:{MOVE}|{QTY_AMOUNT})\s+(?:knocked|taken|shaved|cut|lopped)\s+off\b`,
    String.raw`\bcome\s+(?:down\s+)?off\s+(?:of\s+)?(?:(?:the|your)\s+(?:price|sticker|asking|number)|that|it|{ABOUT}(?:{MOVE}|{QTY}))`,
    String.raw`(?:{A}|{QTY_AMOUNT})\s+(?:under|below|beneath)\s*(?:$|[?!.,]|(?:the\s+|your\s+)?(?:asking|sticker|list|msrp|invoice|price)\b|(?:you|yours|here|what\s+you)\b)`,
    String.raw`(?:{A}|{QTY_AMOUNT})\s+(?:less|lower|cheaper)\b(?!\s+(?:miles|km|kms|mileage|kilometers))(?!\s+than\s+(?:the|a|an)\s+(?!sticker|msrp|list|asking|invoice)\w)`,
  ]),
  // Lowering the price: "lower the price", "bring your number down", "drop 1500", "lower it by 2k", "drop it to 30k", "get it down to 20".
  rule([
    String.raw`\b(?:{REDUCE}|beat|better|improve)\s+(?:the|your|that|this|its|ur|their)?\s*(?:price|pricing|sticker|number|asking|msrp)\b`,
    String.raw`\b(?:lower|reduce|discount)\s+(?:it|that|this|them)\b|\b(?:get|have|work|bring)\s+(?:the|your)\s+(?:price|number)\s+down\b`,
    String.raw`\b(?:need|want|get|see|make)\s+(?:the|your|that|its)\s+(?:price|number)\s+(?:a\s+(?:bit|little|tad)\s+)?(?:lower|cheaper|reduced|better)\b`,
    String.raw`\bmake\s+(?:it|that|this|the\s+price)\s+(?:any\s+|a\s+(?:bit|little|tad)\s+|some\s*what\s+)?(?:cheaper|lower|less)\b(?!\s+than\b)`,
    String.raw`\b(?:drop|lower|reduce|knock|bring|cut|shave|trim)\s+(?:it|that|the price)\s+(?:a\s+(?:bit|little|tad|touch)|some|more|any\s*more|further)\b`,
    String.raw`\b(?:{REDUCE}|come\s+down|go\s+down|save(?:\s+(?:me|us))?)\s+(?:it\s+|that\s+|the\s+price\s+)?(?:down\s+)?{ABOUT}(?:{MOVE}|{QTY_AMOUNT})`,
    // The car named between the verb and the amount: "drop the tundra 4 grand", "knock the 2019 civic down 1500".
    String.raw`\b{REDUCE}\s+{THE_CAR}\s+(?:down\s+)?(?:by\s+)?{ABOUT}(?:{MOVE}|{QTY_AMOUNT})`,
    // A cost taken off the price: "take off what the tires will cost", "knock the cost of the repair off", "deduct the price of new brakes".
    String.raw`\b(?:{REDUCE}|take|deduct|subtract|credit)\s+(?:me\s+|us\s+)?off\s+what(?:ever)?\b{W}{0,30}?\b(?:cost|costs|run|runs)\b`,
    String.raw`\b(?:{REDUCE}|take|deduct|subtract|credit)\s+(?:me\s+|us\s+)?(?:off\s+)?(?:the\s+)?(?:cost|price)\s+of\b`,
    String.raw`\b(?:{REDUCE}|take)\s+(?:what(?:ever)?\b{W}{0,30}?\b(?:cost|costs|run|runs)|the\s+(?:cost|price)\s+of\b{W}{0,30}?)\s+off\b`,
    // The shared reader takes money after "down" for a down payment unless a verb it knows brings the price down ("take it down 2k").
    String.raw`\b(?:{REDUCE}|take)\s+(?:it|that|the\s+price)\s+down\s+(?:to\s+)?{ABOUT}(?:{MOVE}|{OTHER}|{QTY_AMOUNT})`,
    String.raw`\b(?:{REDUCE}|come down|go down)\w*\b{W}{0,30}?\bby\s+{ABOUT}(?:{MOVE}|{QTY_AMOUNT})`,
    String.raw`\b(?:lower|reduce|drop|cut|slash|knock|bring|get)\w*\s+(?:(?:the|your|its)\s+price\s+|it\s+|that\s+|this\s+)?(?:down\s+)?to\s+{ABOUT}{A}`,
    // A price brought under a figure: "get the price under 30", "bring it below 25k" (the figure is marked a budget after "under").
    String.raw`\b(?:get|bring|have|make|put)\s+(?:the\s+price|your\s+price|the\s+number|your\s+number|it|that)\s+(?:down\s+)?(?:under|below|beneath)\s+{ABOUT}[${PRICE}${BARE}${BUDGET}]`,
    String.raw`\bcloser\s+to\s+{A}|\b(?:get|go|come|take)\b{W}{0,20}?\bdown\s+to\s+{ABOUT}{A}`,
    // For less: "get it for less", "do it cheaper", "would you take less", "go any lower".
    String.raw`\b(?:take|accept|do|get|let|sell|have|give|part\s+with)\s+(?:me\s+|us\s+)?{THE_CAR}\s+(?:go\s+)?(?:for\s+)?(?:any\s+|a\s+(?:bit|little)\s+)?(?:less|cheaper|lower)\b(?!\s+than\b)`,
    String.raw`\b(?:take|accept|go|settle\s+for|consider|entertain)\s+(?:any(?:thing)?\s+|a\s+(?:bit|little)\s+)?(?:less|lower)\b(?!\s+(?:miles|km|mileage|than))|\bcheaper\s+(?:for me|if)\b|\b(?:less|lower|a\s+better\s+price)\s+if\s+(?:i|we)\s+(?:pay|paid|buy|bought|sign|put|bring|come|finance)\b`,
    // A charge of the customer's own taken off the price: "take that off the price", "knock it off the total".
    String.raw`\b(?:{REDUCE}|take|deduct|subtract)\s+(?:that|it|this|those|them)\s+off\s+(?:of\s+)?(?:the\s+|your\s+)?(?:price|sticker|asking|total|number)\b`,
  ], FINANCE),
  // Coming down: "come down 3k", "can you come down?", "the price needs to come down about 2k", "knock it down a little" (not coming down for a visit).
  rule([
    String.raw`\b(?:you|they|dealer\w*|owner|manager|guys|price|it|that|sticker|number)\b{W}{0,20}?\b` +
      String.raw`(?:come|go|get|move|drop|bring\s+(?:it|that|the price)|knock\s+(?:it|that|the price)|(?:get|bring|knock|take)\s+{THE_CAR}|be)\s+down\b(?={DOWN_TAIL})`,
    // Said to the seller without a subject, with how far: "come down a little and we'll talk" (not "come down Saturday").
    String.raw`(?:^|[.?!,;]\s*)(?:(?:please|just|ok|so)\s+)?(?:come|go)\s+down\s+(?:a\s+(?:bit|little|tad|touch)|some|more|(?:about|around|like|another|by)?\s*[${PRICE}${BARE}${PERCENT}]|${QTY_AMOUNT}|to\s+[${PRICE}${BARE}])`,
  ]),

  // ---- Out the door: the price with everything, which is negotiated.
  rule([
    String.raw`\b(?:otd|out\s+(?:of\s+)?the\s+door)\b`,
    String.raw`\b(?:all\s+in|drive\s*out|walk\s*out)\s+(?:price|number|cost|total|quote|figure)\b`,
  ], /\b(?:listed|advertised|website|online|internet|sticker)\b/i),
  // ---- Meet in the middle.
  rule([
    String.raw`\bmeet\b{W}{0,20}?\b(?:middle|half\s*way|half|in between|somewhere)\b`,
    String.raw`\bsplit(?:ting)?\s+(?:the\s+|it\s+|that\s+)?difference\b|\bsplit\s+(?:it|that|this)\s+(?:with\s+(?:you|ya)|down\s+the\s+middle)\b|\bmiddle ground\b|\bhalf\s*way\b(?!\s+(?:there|through|to)\b)`,
  ]),
  // ---- A competitor's price, matched or beaten: "can you match?", "match it", "beat a truecar price", "another dealer quoted me 27".
  rule([
    String.raw`(?:\byou\b{W}{0,15}?|(?:^|[.?!,;]\s*)|\b(?:please|and|to|just|if|could|can|will|would)\s+)match` +
      String.raw`(?:\s+(?!(?:the|my|your|its)\s+(?:photos?|pictures?|colou?r|description|paint|interior|ad|keys?|fob|tires?|rims?|wheels?|trim|seats?|mats?|parts?)\b)[^\s.?!,;]+|\s*(?:$|[?!.]))`,
    String.raw`\bbeat\s+(?:it|that|this|them|theirs|what|{A}|(?:\w+'s|their|his|her|the|an?|any|my|our|that|this)\s+(?:[\w'.]+\s+){0,2}?(?:prices?|offer|quote|deal|number|figure)\b|(?!up\b)[\w.']+\s*$)`,
    String.raw`\b(?:quoted|offered|gave)\s+(?:me|us)\b{W}{0,30}?(?:{A}|\bprice\b|\bquote\b|\bdeal\b|\bnumber\b)|\b(?:i|we)\s+(?:was|were|got|'ve been|have been)\s+quoted\b`,
    String.raw`\bcheaper\s+(?:than\s+(?:you|yours|your|here|this)|elsewhere|somewhere|online|down the street|across town|at\s+(?:another|other|a different)|from)\b`,
    String.raw`\bquot\w*\b{W}{0,40}?\b{ELSEWHERE}\b`,
    String.raw`\b(?:beat|match|top|undercut|better)\s+(?:what\s+)?(?:the\s+)?{ELSEWHERE}`,
    String.raw`\b{ELSEWHERE}\b{W}{0,40}?(?:{A}|\bcheaper\b|\bless\b|\blower\b|\bquote\b|\boffer\b|\bprice\b|\bdeal\b)`,
  ], anyOf(FINANCE, OWN_PAST_DEAL)),
  // "Vroom has it cheaper", "they have it for 24k", "I found the same car for 22k" (not this dealership's own site, nor "you listed it for 24k").
  rule([
    String.raw`(?<!\byou(?:'ve|\s+have|\s+guys|\s+all)?\s+)\b(?:has|have|had|got|gets|sells?|selling|sold|lists?|listed|listing|priced|offers?|offering|advertis\w*|saw|seen|see|found|find)\s+(?:me\s+)?` +
      String.raw`(?:it|this|that|one|them|the same|same|this exact|the exact|an?\s+(?:identical|similar|same))\b{W}{0,40}?(?:\bcheaper\b|\bfor less\b|\bfor\s+{ABOUT}{A}|\bat\s+{ABOUT}{PRICE})`,
  ], /\byour\s+(?:site|website|web site|page|ad|listing|lot|store|showroom|dealership)\b|\bon (?:the )?(?:site|website)\b/i),

  // ---- Counter-offers: an amount proposed for a car (a budget is marked apart and never counts).
  // The dealership asked to take it: "would you take 16 for the sonata", "can you do 24 on the accord", "would the owner take 20".
  rule([
    String.raw`\b(?:you|they|he|she|owner|manager|boss|dealer\w*|seller|gm)\b{W}{0,12}?\b(?:take|do|accept|consider|entertain|settle|let|sell|part\s+with|make|meet|go|come\s+in|give|approve|okay|ok|open\s+to)\b{W}{0,40}?{A}`,
    // Money named first, even money the customer has: "I have 20k cash, would you take that for the accord?"
    String.raw`(?:{A}|{BUDGET}){W}{0,40}?\b(?:you|they|owner|manager|dealer\w*)\b{W}{0,12}?\b(?:take|accept|consider|do)\s+(?:that|it)\s+(?:(?:amount|much)\s+)?(?:for|on)\s+{THE_CAR}`,
    // "I have 18k, can I drive it home for that?", "I've got 14 cash, would that get it done?"
    String.raw`(?:{A}|{BUDGET}){W}{0,40}?\b(?:get|drive|take|have|buy|leave\s+with|walk\s+out\s+with)\s+{THE_CAR}\s+(?:home\s+)?(?:for|at)\s+(?:that|this)(?:\s+(?:much|amount|price))?\s*(?:$|[?!.,])`,
    String.raw`(?:{A}|{BUDGET}){W}{0,40}?\b(?:would|will|could|does|can)\s+(?:that|it|this)\s+(?:get\s+(?:it|the\s+deal)\s+done|(?:work|do|be\s+enough)\s+(?:for|on)\s+{THE_CAR})`,
  ], FINANCE),
  // The customer proposing it: "I'd pay 40 for the 4runner", "I'm at 21", "prepared to offer $24,250", "best I can do is 14 grand", "thinking 21".
  rule([
    String.raw`\b(?:i|we)\b{W}{0,25}?\b(?:pay|paying|offer|offering|give you|do|go|swing|stretch|spend|sign\s+for|(?:come|move)\s+up|(?:'m|am|'re|are)\s+(?:only\s+|just\s+|still\s+)?at|(?:come|came|coming)\s+in\s+at)\s+(?:to\s+)?(?:is\s+)?(?:you\s+)?{ABOUT}{A}`,
    String.raw`\b(?:willing|ready|prepared|able|happy|glad)\s+to\s+(?:pay|offer|do|go|spend)\s+{ABOUT}{A}|\bgive\s+you\s+{ABOUT}{A}`,
    String.raw`\b(?:can|could|would)\s+(?:we|you)\s+do\s+something\s+(?:around|about|like|near|close\s+to)\s+{A}`,
    // Without a subject, for a car named after it: "looking to pay around 17 for the malibu", "hoping to spend 20 on it".
    String.raw`\b(?:looking|hoping|trying|want(?:ing)?|planning|like|need)\s+to\s+(?:pay|spend|offer)\s+{ABOUT}{A}\s+(?:\w+\s+)?(?:for|on)\s+{THE_CAR}`,
    String.raw`(?:^|[.?!,;]\s*)(?:can|could|would|will|(?:you\s+)?want\s+to)\s+(?:do|go|pay|offer)\s+{ABOUT}{A}`,
    String.raw`\b(?:how about|what about|what if (?:i|we) (?:said|offered|paid|did)|thinking|thought|let's say|let's do|call it|make it|meet (?:me |you )?at|settle (?:on|for|at)|` +
      String.raw`counter(?:\s*offer)?(?:\s+(?:of|at|with))?|offering|offer(?:\s+(?:of|is|at|you))?\s*:?|my (?:number|price) is)\s+(?:of\s+)?{ABOUT}{A}`,
  ], FINANCE),
  rule([
    String.raw`\bhow(?:'s|\s+is|\s+does|\s+do|\s+would)\s+{ABOUT}{A}|\b(?:what|how)\s+(?:do|would|about)\s+you\s+(?:say\s+(?:to\s+)?|think\s+(?:of|about)\s+){ABOUT}{A}|{A}\s+sounds?\b`,
    String.raw`\b(?:happy|comfortable|good|ok|okay|fine)\s+(?:at|with)\s+{A}|{A}\s+(?:be\s+|is\s+|seems\s+)?(?:too\s+low|too\s+little|(?:a\s+)?lowball|insulting|unreasonable)\b`,
    String.raw`\bagree\s+(?:on|to)\s+(?:a\s+|the\s+)?(?:price|number|deal|{ABOUT}{A})|\bchance\s+(?:of|at|on)\s+{ABOUT}{A}|\btake\s+it\s+or\s+leave\s+it\b`,
    String.raw`\b(?:put|get)\s+(?:me|us)\s+(?:in|into)\s+{THE_CAR}\s+(?:for|at)\s+{ABOUT}{A}|{A}\s+(?:get|put)\s+(?:me|us)\s+(?:in|into)\s+{THE_CAR}|\bbe\s+had\s+for\b`,
    String.raw`\bfirm\s+at\s+{A}|\b(?:buy|buying|purchase|purchasing)\b(?:\s+\w+){0,2}\s+at\s+{ABOUT}{A}|\bminus\s+{ABOUT}(?:{MOVE}|{QTY_AMOUNT})`,
    String.raw`{A}\s+is\s+all\s+(?:i|we|it's|it\s+is)\b|\b(?:it's|it\s+is|that's|that\s+is)\s+(?:only\s+|really\s+|honestly\s+)?worth\s+{ABOUT}{A}|{A}\s+is\s+(?:my|our)\s+(?:max|limit|cap|ceiling|top|top dollar|offer|final|best|number|price)\b`,
    String.raw`\b(?:my|our)\s+(?:max|limit|cap|ceiling|top|top dollar|final(?:\s+offer)?|best offer|number|price)\s+(?:is|would be|'s)\s+{ABOUT}{A}`,
  ], anyOf(FINANCE, SEARCH)),
  // An amount with the customer's word on it: "$19k and it's a deal", "25 flat", "18 cash today", "u do 13k i buy today".
  rule([
    String.raw`{A}{W}{0,25}?\b(?:and|then)\s+(?:it's|its|it is|we(?:'ve| have)?|you(?:'ve| have)?|i(?:'ll|'m| will| can)?|we'll|that's)?\s*(?:got\s+)?(?:a\s+)?(?:done\s+)?` +
      String.raw`(?:deal|done|final|mine|sold|in|buy|buyer|customer|sale|take it|sign|come|pick|drive|walk|leave|grab|be there|close|talk)\b`,
    String.raw`{A}[\s,]+(?:in\s+)?(?:cash|flat|even|otd|out the door|all in|firm|final)\b|{A},?\s+(?:i|we)(?:'d|'ll|\s+will|\s+would|\s+can)?\s+(?:buy|take|sign|come)\b`,
    String.raw`{A}\s+if\s+(?:i|we|you)\b|{A}\s+is\s+(?:what|where)\s+(?:i|we)\b`,
  ], anyOf(FINANCE, SEARCH)),
  // An amount put up for acceptance: "would 22 work", "is $18,000 doable", "make 30 happen", "make it work for 20", "meet that".
  rule([
    String.raw`{A}\s+(?:be\s+|is\s+|seems\s+|(?:would|should|could)\s+be\s+)?(?:work|works|doable|possible|acceptable|ok|okay|fly|do it|get it done|make it (?:happen|work)|cut it|enough|fair|reasonable|realistic|in the ballpark|out of the question|a stretch|crazy|sound\s+(?:good|fair|ok|okay|reasonable))\b`,
    String.raw`\bwork\s+with\s+{ABOUT}{A}|\b(?:can|could|shall)\s+(?:we|i)\s+say\s+{ABOUT}{A}|{A}\s+is\s+(?:the\s+)?(?:most|max|best|highest|top)\b`,
    String.raw`\bmake\s+{A}\s+(?:work|happen)\b|\bmake\s+(?:it|that|this|the numbers?|the deal|something)?\s*(?:work|happen)\s+(?:for|at|with)\s+{ABOUT}{A}`,
    String.raw`\bmeet\s+(?:that|it|this|my\s+(?:number|price|offer))\s*(?:$|[?!.,]|price|number)`,
  ], FINANCE),
  // A car wanted for an amount: "sell me the sienna for 32 flat", "I want it for 25", "buy 2HGB... at $33,000".
  rule([
    String.raw`\b(?:sell|let|give|buy|purchase|take|get|get into|have|pick up|walk out with|leave with|want|grab)\s+(?:me\s+|us\s+)?{THE_CAR}\s+` +
      String.raw`(?:go\s+|home\s+|to\s+(?:me|us)\s+|(?:right\s+)?(?:today|now|tonight)\s+)?(?:for\s+{ABOUT}{A}|at\s+{ABOUT}{A}|for\s+what\b)`,
  ], FINANCE),
  // An amount named for a car: "$23,500 for stock #P4471", "18 in hand for the camry", "$8500 on the 2010 tundra" (not its listed price, mileage or fees;
  // "on" a car, not on the page that lists it).
  rule([
    String.raw`{A}\s+(?:cash\s+|flat\s+|otd\s+|out the door\s+|all in\s+|in\s+(?:cash|hand)\s+)?for\s+(?:the|that|this|your|ur|stock|it|her|him|#)\b`,
  ], anyOf(FINANCE, SEARCH, LISTED, FEES, /\b(?:right(?!\s+now)|correct|accurate|still|sticker|window)\b/)),
  rule([
    String.raw`{A}\s+(?:cash\s+|flat\s+|otd\s+|out the door\s+|all in\s+)?on\s+(?:the|that|this|your|ur|stock|#)\b(?!\s*(?:web\s*site|site|page|ad|listing|internet|window|sticker)\b)`,
  ], anyOf(FINANCE, SEARCH, LISTED, MILEAGE, FEES, /\b(?:right(?!\s+now)|correct|accurate|still|sticker|window)\b/)),
  // An amount and nothing else ("25k?", "do 20k?", "how about 22 for it?", "27 is too high. 25?").
  rule([
    String.raw`^\W*(?:(?:ok|okay|so|well|hmm|hey|hi|alright|look|listen|honestly)\W+)*(?:(?:would|will|can|could)\s+you\s+)?(?:do|take|accept|consider|how about|what about)?\s*{ABOUT}{A}` +
      String.raw`(?:\s+(?:cash|flat|even|otd|out the door|all in|firm|today|now|tonight))*(?:\s+for\s+{THE_CAR})?\s*[?!.]*\s*$`,
    String.raw`(?:^|[.?!;,]\s*)(?:do|take|accept|consider)\s+{ABOUT}{A}`,
    String.raw`(?:^|[.?!;]\s*)(?:how about\s+|what about\s+)?{ABOUT}(?:{A}\s*\?|{PRICE}\s*[!.])`,
  ]),
  // Extras for nothing, a price cut in kind: "throw in the floor mats", "include the tint for free".
  rule([
    String.raw`\bthrow(?:ing)?\s+(?:(?:it|them|that|those|these|the\s+[\w-]+(?:\s+[\w-]+)?)\s+)?in\b(?!\s+the\s+towel)|\b(?:include|add|give|put|toss)\w*\b{W}{0,30}?\b(?:for\s+free|free\s+of\s+charge|at\s+no\s+(?:extra\s+)?(?:cost|charge)|on\s+the\s+house)\b`,
  ]),
  // "Make me an offer", "open to an offer", "my final offer", "what can you offer me on the civic".
  rule([
    String.raw`\b(?:make|making|made|submit|put\s+in|send|accept|accepting|take|taking|consider|entertain|open\s+to)\s+(?:you\s+|me\s+|us\s+)?(?:an?\s+|my\s+|our\s+|any\s+)(?:\w+\s+)?offers?\b|\b(?:take|taking|accept|accepting|consider|open\s+to)\s+offers\b(?!\s+(?:on|for)\s+(?:trade|financ|leas))`,
    String.raw`\b(?:my|our|an?)\s+(?:final\s+|best\s+|cash\s+|fair\s+|reasonable\s+)?offer\b|\byou\b{W}{0,10}?\boffer\s+(?:me|us)\s+(?:on|for)\b`,
  ], anyOf(FINANCE, /\b(?:anyone|anybody|someone|somebody|others)\b/)),
];

/** How an appraisal is done (its cost, its length, the papers it needs): a policy question, not a request for one. */
const APPRAISAL_POLICY = /\b(?:charge|cost|fee|free|how long|documents?|paperwork|title|appointment|schedule)\b|\bhow much\s+(?:is|are|does|for)\s+(?:an?|the|your)\s+(?:trade\s+)?apprais/i;

/** The price rules, none of them in a sentence about a price's history. */
const PRICE_CHANGE_ASKED: readonly Rule[] = PRICE_CHANGE.map((r) => ({ ...r, unless: r.unless ? anyOf(r.unless, PRICE_HISTORY) : PRICE_HISTORY }));

/** (b) A trade-in or appraisal: what the dealership would give for the customer's own car. */
const APPRAISAL: readonly Rule[] = [
  rule([String.raw`\bapprais\w*|\bvaluation\b|\bevaluat\w*\s+(?:my|our|it)\b`], APPRAISAL_POLICY),
  // "What's my car worth", "what my 2011 silverado is worth", "what's it worth to you".
  rule([
    String.raw`\b(?:my|our)\b{W}{0,40}?\b(?:worth|value|valued)\b(?!\s+(?:it|fixing|repairing|saving|keeping|the))`,
    String.raw`\bworth\s+to\s+(?:you|your)\b`,
    // The car after its worth, as Spanish and French put it and some customers write: "how much is worth my car", "what value would my truck have".
    String.raw`\b(?:how\s+much|what)\s+(?:\w+\s+){0,2}?(?:worth|value)\s+(?:(?:is|are|would|will|does|do|could)\s+(?:\w+\s+)?)?(?:my|our)\s+(?!{NOT_A_CAR}\b)`,
    String.raw`\b(?:value|assess|evaluate|price\s+out|put\s+a\s+(?:price|value|number)\s+on)\s+(?:my|our)\s+(?!{NOT_A_CAR}\b)`,
  ]),
  // A value, a quote or a number on it: "trade value on my 2014 accord", "a number on my trade", "trade in quote for my wife's odyssey".
  rule([
    String.raw`\b(?:worth|value|valuation|quote|estimate|number|offer|price|figure|allowance|kbb|book value)\s+(?:on|of|for)\s+(?:my|our)\b(?!\s+{NOT_A_CAR}\b)`,
    String.raw`\btrade(?:\s+in)?\s+(?:value|quote|offer|number|estimate|appraisal|price|allowance|figure|worth)\b(?!s)`,
  ], APPRAISAL_POLICY),
  // The dealership paying the customer: "what would you give me for my tahoe", "what will you allow me for my trade", "would you buy my car".
  rule([
    String.raw`\byou\b{W}{0,25}?\b(?:give|pay|offer|allow|spot)\s+(?:me\s+|us\s+)?(?:(?:how\s+much|what|anything|something)\s+)?(?:for|on)\s+(?:it|this|that|her|him|them|my|our|(?:the\s+|a\s+)?trade)\b(?!\s+{NOT_A_CAR}\b)`,
    String.raw`\b(?:how much|what)\b{W}{0,25}?\b(?:get|getting|receive)\s+for\s+(?:it|my|our|the\s+trade)\b(?!\s+{NOT_A_CAR}\b)`,
    String.raw`\byou\b{W}{0,15}?\b(?:buy|purchase)\s+(?:my|our)\b(?!\s+{NOT_A_CAR}\b)|\bsell\s+(?:you\s+)?(?:my|our)\b(?!\s+{NOT_A_CAR}\b){W}{0,30}?\bto\s+you\b`,
    String.raw`\bhow much\s+(?:\w+\s+){0,2}?for\s+(?:my|our)\b(?!\s+{NOT_A_CAR}\b)`,
    // The customer's car as the money: "how much would my old explorer get me" (not "what would my budget get me").
    String.raw`\b(?:how much|what)\s+(?:would|will|could|can|might|does)\s+(?:my|our)\s+(?!{NOT_A_CAR}\b)[a-z]{W}{0,30}?\b(?:get|fetch|bring)\s+(?:me|us)\b`,
  ]),
];
/** A message about a trade or selling the customer's car: then "how much would I get" or "what's it worth" asks for its value. */
const ABOUT_A_TRADE = /\btrad(?:e|ing)\b|\bsell(?:ing)?\s+(?:you\s+)?(?:my|our|it)\b|\bbuy\s+(?:my|our|cars)\b/i;
const VALUE_QUESTION = rule([
  // What the seller would pay: "what would you give", "how much are you willing to offer", "the most you'd pay", "ballpark what you're going to give".
  String.raw`\b(?:how much|what|most|highest|top dollar)\b{W}{0,15}?\byou(?:'re|'d|'ll|\s+are|\s+would|\s+will|\s+could|\s+can|\s+might)?` +
    String.raw`(?:\s+(?:be\s+)?(?:going to|willing to|able to|prepared to|looking to))?\s+(?:offer|give|pay|allow|put)\b`,
  String.raw`\b(?:most|highest|max(?:imum)?|top)\b{W}{0,10}?\byou(?:'d|'ll|\s+would|\s+will|\s+could|\s+can)?\s+(?:go|do)\b`,
  String.raw`\b(?:how much|what)\s+(?:would|will|can|could|do|might)\s+(?:i|we)\s+get\b|\bfor\s+how\s+much\b`,
  // Its worth, asked in any tense or through the seller's opinion: "what do you think it's worth", "what would she be worth".
  String.raw`\b(?:how much|what)\b{W}{0,25}?\b(?:it|she|he|they|that|this|mine)(?:'s|'re|\s+is|\s+are|\s+was|(?:'d|\s+would|\s+will|\s+might|\s+could)\s+be)?\s+worth\b(?!\s+(?:it|the|a|an|\w+ing)\b)`,
  String.raw`\b(?:how much|what)\s+(?:would|will|could|might|is|does)\s+(?:it|she|he|that|this|mine)\s+(?:be\s+)?worth\b(?!\s+(?:it|the|a|an|\w+ing)\b)`,
  String.raw`\b(?:ballpark|rough\s+(?:idea|number|estimate|figure|value)|an?\s+idea\s+(?:of|what)\b{W}{0,20}?\b(?:worth|value|get|give|pay|offer))`,
  String.raw`\bvalue\s+(?:it|her|him|them|that|this|mine)\b`,
], APPRAISAL_POLICY);

const appraisalAsked = (read: string) => anyRule(APPRAISAL, read) || (ABOUT_A_TRADE.test(read) && anyRule([VALUE_QUESTION], read));

/**
 * Whether the message asks what the customer's own car is worth to the dealership (a trade-in, an appraisal), by the
 * rules alone: it tells a hand-off's trade-in from other deal talk, once the model has read the message as deal talk.
 */
export function asksForAppraisal(text: string): boolean {
  return appraisalAsked(readRequest(text));
}

const DEAL_TALK: DealTalkModel = trainedModel;

/**
 * Whether the message asks for a price other than the listed one, or for a trade-in value (decisions.md section 9):
 * the learned model's reading, which weighs the rules above with the message's words and may overrule them.
 */
export function isDealRequest(text: string): boolean {
  return dealTalkProbability(DEAL_TALK, dealTalkFeatures(text)) >= DEAL_TALK.threshold;
}

/** What the learned model weighs for `text`: its words as the rules read them, and which rules it meets. */
export function dealTalkFeatures(text: string): string[] {
  const read = readRequest(text);
  const features = ngramFeatures(read);
  if (anyRule(PRICE_CHANGE_ASKED, read)) features.push('rule:price_change');
  if (appraisalAsked(read)) features.push('rule:appraisal');
  return features;
}

// ---------------------------------------------------------------- a reply that agrees

/** A sentence that says no: "we can't offer discounts", "I'm not able to change the price". */
const NEGATED = /\b(?:can't|cannot|can not|unable|not|won't|don't|isn't|aren't|never|no)\b/i;

/** The seller's side of the same moves: taking an offer, taking money off, naming a price other than the listed one. */
const AGREEMENT: readonly Rule[] = [
  // "Deal!", "it's a deal", "you've got a deal".
  rule([String.raw`(?:^|[.!?,;]\s*)(?:(?:ok|okay|sure|alright|yes|great|fine|perfect)\W+)*(?:it's a |that's a |we have a |we've got a |you(?:'ve| have)? got (?:a|yourself a) )?deal\b(?=\s*(?:$|[!.,]))`]),
  rule([
    // An amount accepted: "sure, 22k works", "$21,000 it is".
    String.raw`{MOVE}\s+(?:works|will work|would work|is fine|is doable|sounds\s+(?:good|fair|great|right)|is acceptable|is ok|is okay|it is|you've got it|and it's yours|is yours|is a deal)\b`,
    // "Let's call it $21,000", "let's split the difference".
    String.raw`\blet's\s+(?:call it|do|make it|say|settle\s+(?:on|at|for)|go with|meet|split)\b`,
    // "It's yours for $20,000", "for you, $21,000", "sold for 22k".
    String.raw`\b(?:it's|it is)\s+(?:all\s+)?yours\b|\bfor you,?\s+(?:just\s+|only\s+)?{MOVE}|\bsold\s+(?:to you\s+)?(?:for|at)\s+{MOVE}`,
    // A price other than the listed one: "a discounted price of $22,000", "$1,000 off", "we've lowered it".
    String.raw`\b(?:discounted|special|reduced|sale|negotiated|discount)\s+price\b|{MOVE}\s+off\b`,
    String.raw`\b(?:i|we)(?:'ve|\s+have)\s+(?:lowered|reduced|dropped|discounted|knocked|taken|cut|matched)\b`,
  ], NEGATED),
  // "I can do 5% off", "we can do $28,000 on that one", "we'll match that price", "I can let it go for 21".
  rule([
    String.raw`\b(?:i|we)\b{W}{0,30}?\b(?:do|offer|give|take|accept|knock|drop|reduce|lower|match|beat|honou?r|let|sell|come down|go down|meet|make|discount|shave|cut)\b{W}{0,40}?` +
      String.raw`(?:{MOVE}|\boff\b|\bdiscount|\bdeal\b|\b(?:lower|better|special|reduced|discounted)\s+price|\b(?:that|the|this|their|your)\s+(?:price|offer|number|quote)|\bthe difference|\bhalf\s*way|\bthe middle|\bfor less|\bcheaper)`,
  ], anyOf(NEGATED, FINANCE, /\b(?:listed|list price|advertised)\b/)),
];

/** Whether a model's reply agrees to a price change, a discount or a deal: such a reply is never sent. */
export function agreesToDeal(reply: string): boolean {
  return anyRule(AGREEMENT, readRequest(reply));
}
