/**
 * A customer asking for a lower price, a discount or a deal: the assistant states the listed price
 * and hands off to staff, never agrees (decisions.md section 9). General phrasing, not a list of
 * test sentences: the words of negotiation, asking for the price to move, and offering an amount.
 */
import { type Amount, findAmounts } from '../../../../libs/common/text/amounts';

/**
 * Money in a text, read by the shared amount reader: a price is money with no unit, no period and
 * not put down ("$30,000", "30k", "30 grand", "28,000", "25000"); a bare number the size of a model
 * year is a price only where no car name follows it ("would you take 2000 for it?", not "my 2015 Accord").
 */
const PRICE = '\u00a4';
/** Any other money (a monthly payment, a down payment): "come down to $400 a month" asks for a lower price too. */
const OTHER_MONEY = '\u00a2';
const MONEY = `[${PRICE}${OTHER_MONEY}]`;
const AMOUNT = PRICE;
const YEAR_AS_PRICE_AFTER = /^\s*(?:$|[?.!,;]|for\b|cash\b)/i;

function isMoney(a: Amount, after: string): boolean {
  if (a.unit !== null) return false;
  if (a.currency || a.scaled || a.grouped || (a.down && a.value >= 100)) return true;
  if (a.decimal || a.value < 1000 || a.value >= 1e7) return false;
  // a bare four-digit number is a year or a model's number ("1985 Corvettes", "Ram 2500", "7500 lbs")
  // unless nothing follows it but the end of the sentence or "for" ("would you take 2000 for it?")
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

/** The text with each amount of money replaced by one sign: a price by PRICE, other money by OTHER_MONEY. */
function markMoney(text: string): string {
  let out = '';
  let at = 0;
  for (const a of moneyIn(text)) {
    out += text.slice(at, a.start) + (a.period === null && !a.down ? PRICE : OTHER_MONEY);
    at = a.end;
  }
  return out + text.slice(at);
}
/** After an offer's amount, what makes it a budget ("a car at $20k or less") rather than an offer for a car. */
const NOT_A_BUDGET = String.raw`(?!\s*(?:or (?:less|under|below)|budget)\b)`;

const NEGOTIATION = [
  // The words of negotiation.
  /\b(discounts?|rebates?|deals?|bargain\w*|negotia\w*|haggl\w*|markdowns?|wiggle room|room to move|price[\s-]*match\w*)\b/i,
  /\bprice\b[^.?!]{0,15}\b(firm|flexib\w*)\b|\bflexib\w*\b[^.?!]{0,15}\b(price|sticker)\b|\bhow low\b[^.?!]{0,15}\bgo\b|\bthe best you can do\b/i,
  // The price moved: "lower the price", "beat their quote", "your best price", "match their offer".
  /\b(lower|reduce|drop|cut|beat|best|knock|shave|match)\b[^.?!]{0,30}\b(price|offer|number|quote)\b/i,
  // The car's price moved: "lower it", "knock it down", "knock some off", "do better on it", "get it for less".
  /\b(lower|reduce|shave)\s+(it|that|this)\b|\bbeat\s+(it|that|this)\b|\bknock\s+(it|that|this|some|something|a bit|a little)\s+(down|off)\b|\b(knock|take)\s+(some|something|a bit|a little)\s+off\b/i,
  /\bdo (any )?better\b(?=\s*(on (the )?(price|it|that|this)|than|for me|\?|$))|\b(get|have|let me have)\s+(it|that|this one)\s+for less\b/i,
  // An amount taken off ("knock $2,000 off", "2k off"), or the price taken down to one ("drop it to 30k").
  new RegExp(`${AMOUNT}\\s+off\\b|\\b(lower|reduce|drop|cut|knock|bring)\\b[^.?!]{0,30}\\b(to|down to)\\s+${AMOUNT}`, 'i'),
  // The dealership asked to take an amount: "would you take 28,000", "would you consider 20000", "is $18,000 doable".
  new RegExp(`\\b(would|will|could|can)\\s+you\\s+(take|accept|do|go|consider)\\b[^.?!]{0,30}(${AMOUNT}|\\boffer\\b|\\bless\\b|\\blower\\b)|\\bis\\s+${AMOUNT}\\s+(doable|possible|ok|okay|acceptable)\\b`, 'i'),
  /\b(price|amount|lowest|least)\b[^.?!]{0,20}\byou('d|\s+would|\s+will|\s+could|\s+can)?\s+(accept|take|go)\b/i,
  // The customer offering an amount for a car: "my final offer", "I can offer $26,500", "sell it to me for 25k", "buy it at $33,000".
  /\b(my|an?)\s+(final\s+|best\s+)?offer\b/i,
  // A counter-offer: "I'm thinking more like 22k", "how about $25,000?".
  new RegExp(`\\b(more\\s+like|how\\s+about|what\\s+about|thinking)\\s+(around\\s+|about\\s+)?${AMOUNT}${NOT_A_BUDGET}`, 'i'),
  new RegExp(`\\b(i|we)('ll|'d|\\s+will|\\s+would|\\s+can|\\s+could)?\\s+(pay|offer|give you)\\s+(you\\s+)?${AMOUNT}${NOT_A_BUDGET}`, 'i'),
  new RegExp(`\\b(sell|give|let)\\s+(it|that|this|the\\s+[\\w-]+|[A-HJ-NPR-Z0-9]{17}|me|us)\\b[^.?!]{0,60}\\bfor\\s+${AMOUNT}${NOT_A_BUDGET}|\\b(buy|purchase|take)\\s+(it|that|this|the|[A-HJ-NPR-Z0-9]{17})\\b[^.?!]{0,60}\\bat\\s+${AMOUNT}${NOT_A_BUDGET}`, 'i'),
  // The price coming down ("come down a bit", "go down on the price", "come down to $20k"), not coming down for a visit.
  new RegExp(`\\b(come|go)\\s+down\\b(?=\\s*(a bit|a little|any(more)?|some|more|at all|further|on (the )?price|in price|to (the |their |your )?(price|quote|offer)|to ${MONEY}|[?!]|$))`, 'i'),
  /\bcheaper\s+(for me|if|than (the )?(list|sticker|asking))/i,
];

export function isDealRequest(text: string): boolean {
  const marked = markMoney(text);
  return NEGOTIATION.some((pattern) => pattern.test(marked));
}

/** Phrases that agree to a price change: a reply carrying one is never sent. */
const AGREEMENT = /\b(we (can|could|will|'ll) (do|offer|give|take|accept|knock|drop|reduce|lower)|(i|we) agree|discount of|you('ve| have) got a deal|it'?s yours for)/i;

export function agreesToDeal(reply: string): boolean {
  return AGREEMENT.test(reply);
}
