import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { agreesToDeal, asksForAppraisal, isDealRequest, statedMoneyIn } from './deal-request';

/**
 * The detector's own examples (test/fixtures/deal-requests/examples.jsonl): traps found in reviews and in
 * earlier sessions' rules. The deal-talk model is trained on them with the tuning sets, and must still read
 * every one right.
 */
const EXAMPLES = readFileSync(join(__dirname, '../../../../test/fixtures/deal-requests/examples.jsonl'), 'utf8')
  .split('\n')
  .filter((line) => line.trim() !== '')
  .map((line) => JSON.parse(line) as { text: string; deal: boolean });

describe(isDealRequest.name, () => {
  it.each(EXAMPLES.filter((e) => e.deal).map((e) => e.text))('hands off %j', (text) => expect(isDealRequest(text)).toBe(true));
  it.each(EXAMPLES.filter((e) => !e.deal).map((e) => e.text))('answers %j', (text) => expect(isDealRequest(text)).toBe(false));
});

describe(asksForAppraisal.name, () => {
  it.each([
    'Can you give me a number on my trade before I drive 2 hours?',
    'How much is my 2015 Honda Civic worth as a trade-in?',
    "My trade is a 2017 Fusion with 80k. What's it worth to you guys?",
    'I want to sell my car to you. How much would you offer?',
  ])('a trade-in: %j', (text) => {
    expect(asksForAppraisal(text)).toBe(true);
    expect(isDealRequest(text)).toBe(true);
  });

  it.each([
    'Would you take $7,000 for it?',
    'Do you take trade-ins?',
    "I'm not trading anything in, just buying",
    'How much for an oil change on my car?',
    'Is the extended warranty worth it?',
  ])('no trade-in: %j', (text) => expect(asksForAppraisal(text)).toBe(false));
});

describe(agreesToDeal.name, () => {
  it.each([
    'Sure, we can do $28,000 on that one.',
    'sure, 22k works',
    'I can do 5% off',
    "let's call it $21,000",
    'deal!',
    "we'll match that price",
    "It's yours for $20,000.",
    'I can let it go for 21.',
    'We can knock $1,500 off for you.',
    'I can meet you halfway at $23,000.',
    "We've lowered the price to $22,000 for you.",
  ])('agrees: %j', (reply) => expect(agreesToDeal(reply)).toBe(true));

  it.each([
    'The 2026 Civic is listed at $35,095.',
    'We have 3 cars under $25,000.',
    'The listed price is $24,500.',
    "I've passed your request to our sales team, who will get back to you.",
    "I can't change prices or agree to discounts or deals myself.",
    "We can't offer a discount, but the listed price is $24,500.",
    'I can give you the details: the Civic is listed at $24,500 with 12,000 km.',
    'We can offer financing at 4.9% APR.',
    'The monthly payment would be $452.10 with $5,000 down.',
    'The best price I can give you is the listed price of $24,500.',
  ])('does not agree: %j', (reply) => expect(agreesToDeal(reply)).toBe(false));
});

describe('numbers that are not money', () => {
  it('reads a model number or an old year as no price, money as money', () => {
    expect(statedMoneyIn('Finance payments on a Silverado 1500?')).toEqual([]);
    expect(statedMoneyIn('lease on the 1987 Buick Grand National')).toEqual([]);
    expect(statedMoneyIn('would you take 25k for the Ram 1500?').map((a) => a.value)).toEqual([25000]);
    expect(isDealRequest('would you take 2000 for it?')).toBe(true);
  });
});
