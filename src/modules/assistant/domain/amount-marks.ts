/**
 * The marks deal-request.ts writes in place of amounts when it reads a message, one private-use character for each
 * kind of amount, so that its patterns and the deal-talk model see what an amount is rather than its digits.
 */
export const AMOUNT_MARKS = {
  /** A price: money with no period, not put down, not a budget ("$30,000", "30k", "30 grand", "28,000"). */
  PRICE: '\ue000',
  /** Money of another kind: a payment with a period, a down payment or deposit ("$400 a month", "5k down"). */
  OTHER_MONEY: '\ue001',
  /** Money a search is bounded by, not offered for a car ("under $25k", "a budget of 18k", "30k or less"). */
  BUDGET: '\ue002',
  /** A percentage ("5%", "10 percent"). */
  PERCENT: '\ue003',
  /**
   * A bare small number where people say thousands ("I'm at 21 for the Mustang", "can you do 24 on the
   * Accord", "12.5"): it counts only inside an offer, and only when what follows it is what follows an
   * amount (the end, "for the", "flat", "cash"...), never a noun ("2 owners", "72 months", "2 pm").
   */
  BARE: '\ue004',
} as const;
