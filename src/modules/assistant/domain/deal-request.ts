/**
 * A customer asking for a lower price, a discount or a deal: the assistant states the listed price
 * and hands off to staff, never agrees (decisions.md section 9). General phrasing, not a list of
 * test sentences: the words of negotiation, asking for the price to move, and offering an amount.
 */
/** An amount of money as customers write it: "$30,000", "$30k", "30k", "30 grand", "30000 dollars", "28,000", "25000" (not a year). */
const MONEY = String.raw`(?:\$\s?\d[\d,]*(?:\.\d+)?\s?k?\b|\b\d[\d,]*(?:\.\d+)?\s?(?:k|grand|thousand|dollars|bucks)\b|\b\d{1,3}(?:,\d{3})+\b|\b(?!(?:19|20)\d\d\b)\d{4,7}\b)`;
/**
 * After a number, what makes it a quantity rather than a price (km a year, a monthly payment, a
 * down payment or deposit); read on the whole number (not "$5," of "$5,000").
 */
const NOT_A_PRICE = String.raw`(?![,.]?\d)(?!\s*(?:km|kms|kilomet\w*|mi\b|miles|k\s?km|\/\s?(?:mo|month|week|year|yr)\w*|a (?:month|week|year)|per\b|monthly|weekly|bi-?weekly|every\b|months?\b|down\b|(?:cash\s+)?up ?front|deposit|as an? (?:down|deposit)|to (?:hold|reserve|put down)))`;
/** An amount for a car's price. */
const AMOUNT = `${MONEY}${NOT_A_PRICE}`;
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
  new RegExp(`\\b(i|we)('ll|'d|\\s+will|\\s+would|\\s+can|\\s+could)?\\s+(pay|offer|give you)\\s+(you\\s+)?${AMOUNT}${NOT_A_BUDGET}`, 'i'),
  new RegExp(`\\b(sell|give|let)\\s+(it|that|this|the\\s+[\\w-]+|[A-HJ-NPR-Z0-9]{17}|me|us)\\b[^.?!]{0,60}\\bfor\\s+${AMOUNT}${NOT_A_BUDGET}|\\b(buy|purchase|take)\\s+(it|that|this|the|[A-HJ-NPR-Z0-9]{17})\\b[^.?!]{0,60}\\bat\\s+${AMOUNT}${NOT_A_BUDGET}`, 'i'),
  // The price coming down ("come down a bit", "go down on the price", "come down to $20k"), not coming down for a visit.
  new RegExp(`\\b(come|go)\\s+down\\b(?=\\s*(a bit|a little|any(more)?|some|more|at all|further|on (the )?price|in price|to (the |their |your )?(price|quote|offer)|to ${MONEY}|[?!]|$))`, 'i'),
  /\bcheaper\s+(for me|if|than (the )?(list|sticker|asking))/i,
];

export function isDealRequest(text: string): boolean {
  return NEGOTIATION.some((pattern) => pattern.test(text));
}

/** Phrases that agree to a price change: a reply carrying one is never sent. */
const AGREEMENT = /\b(we (can|could|will|'ll) (do|offer|give|take|accept|knock|drop|reduce|lower)|(i|we) agree|discount of|you('ve| have) got a deal|it'?s yours for)/i;

export function agreesToDeal(reply: string): boolean {
  return AGREEMENT.test(reply);
}
