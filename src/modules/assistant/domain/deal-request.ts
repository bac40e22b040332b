/**
 * A customer asking for a lower price, a discount or a deal: the assistant states the listed price
 * and hands off to staff, never agrees (decisions.md section 9). General phrasing, not a list of
 * test sentences: the verbs and nouns of negotiation, and "for $X" offers.
 */
const NEGOTIATION = [
  /\b(discounts?|rebates?|deals?|bargain|negotiat\w*|haggl\w*|markdown|price\s*match\w*)\b/i,
  /\b(lower|reduce|drop|cut|beat|better|best|knock)\b[^.?!]{0,30}\b(price|offer|number|quote|it|off)\b/i,
  /\b(would|will|could|can)\s+you\s+(take|accept|do|go)\b[^.?!]{0,30}(\$\s?\d|\d+\s?k\b|\boffer\b|\bless\b|\blower\b)/i,
  /\b(my|an?)\s+(final\s+)?offer\b/i,
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
