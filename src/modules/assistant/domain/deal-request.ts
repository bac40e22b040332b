/**
 * A customer asking for a lower price, a discount or a deal: the assistant states the listed price
 * and hands off to staff, never agrees (decisions.md section 9). General phrasing, not a list of
 * test sentences: the words of negotiation, asking for the price to move, and offering an amount.
 */
/** An amount of money as customers write it: "$30,000", "$30k", "30k", "30 grand", "30000 dollars", "28,000", "25000" (not a year). */
const AMOUNT = String.raw`(?:\$\s?\d[\d,]*(?:\.\d+)?\s?k?\b|\b\d[\d,]*(?:\.\d+)?\s?(?:k|grand|thousand|dollars|bucks)\b|\b\d{1,3}(?:,\d{3})+\b|\b(?!(?:19|20)\d\d\b)\d{4,7}\b)`;
/** After an amount (the whole of it: not "$5," of "$5,000"), what makes it a budget, a payment or a down payment rather than an offer for a car. */
const NOT_AN_OFFER = String.raw`(?![,.]?\d)(?!\s*(?:down|up ?front|deposit|a month|\/\s?mo|per month|monthly|a year|or (?:less|under|below|so)|max(?:imum)?|tops|budget)\b)`;

const NEGOTIATION = [
  // The words of negotiation.
  /\b(discounts?|rebates?|deals?|bargain\w*|negotia\w*|haggl\w*|markdowns?|wiggle room|price[\s-]*match\w*)\b/i,
  // The price moved: "lower the price", "beat their quote", "your best price", "match their offer".
  /\b(lower|reduce|drop|cut|beat|best|knock|shave|match)\b[^.?!]{0,30}\b(price|offer|number|quote)\b/i,
  // The car's price moved ("lower it", "knock some off", "do better on it"); dropping a car off is a visit.
  /\b(lower|reduce|knock|shave|beat)\s+(it|that|this|some|something|a bit|a little)\b|\b(knock|take)\b[^.?!]{0,20}\boff\b|\bdo better\b/i,
  // An amount taken off ("knock $2,000 off", "2k off"), or the price taken down to one ("drop it to 30k").
  new RegExp(`${AMOUNT}\\s+off\\b|\\b(lower|reduce|drop|cut|knock|bring)\\b[^.?!]{0,30}\\b(to|down to)\\s+${AMOUNT}`, 'i'),
  // The dealership asked to take an amount: "would you take 28,000", "the lowest you'd accept".
  new RegExp(`\\b(would|will|could|can)\\s+you\\s+(take|accept|do|go)\\b[^.?!]{0,30}(${AMOUNT}|\\boffer\\b|\\bless\\b|\\blower\\b)`, 'i'),
  /\b(price|amount|lowest|least)\b[^.?!]{0,20}\byou('d|\s+would|\s+will|\s+could|\s+can)?\s+(accept|take|go)\b/i,
  // The customer offering an amount for a car: "my final offer", "I'll pay $30,000 for it", "sell it to me for 25k", "buy it at $33,000".
  /\b(my|an?)\s+(final\s+|best\s+)?offer\b/i,
  new RegExp(`\\b(i|we)('ll|'d|\\s+will|\\s+would)?\\s+(pay|offer|give you)\\s+(you\\s+)?${AMOUNT}${NOT_AN_OFFER}`, 'i'),
  new RegExp(`\\b(sell|give|let)\\s+(it\\s+to\\s+)?(me|us)\\b[^.?!]{0,60}\\bfor\\s+${AMOUNT}${NOT_AN_OFFER}|\\b(buy|purchase|take)\\s+(it|that|this|the|[A-HJ-NPR-Z0-9]{17})\\b[^.?!]{0,60}\\bat\\s+${AMOUNT}${NOT_AN_OFFER}`, 'i'),
  // The price coming down ("come down a bit", "go down on the price"); coming down to the dealership is a visit.
  /\b(come|go)\s+down\b(?!\s+(to\s+(the|your|see|visit)|there|here|tomorrow|today|this|next|on\s+(saturday|sunday|monday|tuesday|wednesday|thursday|friday))\b)/i,
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
