/**
 * A customer asking for a lower price, a discount or a deal: the assistant states the listed price
 * and hands off to staff, never agrees (decisions.md section 9). General phrasing, not a list of
 * test sentences: the words of negotiation, asking for the price to move, and offering an amount.
 */
/** An amount of money as customers write it: "$30,000", "$30k", "30k", "30 grand", "30000 dollars". */
const AMOUNT = String.raw`(?:\$\s?\d[\d,]*(?:\.\d+)?\s?k?\b|\b\d[\d,]*(?:\.\d+)?\s?(?:k|grand|thousand|dollars|bucks)\b)`;

const NEGOTIATION = [
  // The words of negotiation.
  /\b(discounts?|rebates?|deals?|bargain\w*|negotia\w*|haggl\w*|markdowns?|wiggle room)\b/i,
  // The price moved: "lower the price", "beat their quote", "your best price".
  /\b(lower|reduce|drop|cut|beat|better|best|knock|shave|match)\b[^.?!]{0,40}\b(price|offer|number|quote)\b/i,
  // An amount taken off ("knock $2,000 off", "2k off"), or the price taken down to one ("drop it to 30k").
  new RegExp(`${AMOUNT}\\s+off\\b|\\b(lower|reduce|drop|cut|knock|bring)\\b[^.?!]{0,30}\\b(to|down to)\\s+${AMOUNT}`, 'i'),
  // The dealership asked to take an amount: "would you take $28k", "the lowest you'd accept".
  /\b(would|will|could|can)\s+you\s+(take|accept|do|go)\b[^.?!]{0,30}(\$\s?\d|\d+\s?k\b|\boffer\b|\bless\b|\blower\b)/i,
  /\b(price|amount|lowest|least|most)\b[^.?!]{0,20}\byou('d|\s+would|\s+will|\s+could|\s+can)?\s+(accept|take|go)\b/i,
  // The customer offering an amount: "my final offer", "I'll pay $30,000", "sell it to me for 25k", "buy it at $33,000".
  /\b(my|an?)\s+(final\s+|best\s+)?offer\b/i,
  new RegExp(`\\b(i|we)('ll|'d|\\s+will|\\s+would|\\s+can|\\s+could)?\\s+(pay|offer|give you)\\s+(you\\s+)?${AMOUNT}`, 'i'),
  new RegExp(`\\b(sell|give|let)\\s+(it\\s+to\\s+)?(me|us)\\b[^.?!]{0,60}\\bfor\\s+${AMOUNT}|\\b(buy|purchase|take)\\b[^.?!]{0,60}\\bat\\s+${AMOUNT}`, 'i'),
  /\b(come|go)\s+down\b/i,
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
