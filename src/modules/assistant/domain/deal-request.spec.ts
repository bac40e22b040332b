import { agreesToDeal, isDealRequest } from './deal-request';

describe(isDealRequest.name, () => {
  it.each([
    'Is there any discount on the X5?',
    'Is the price on the 2026 Civic negotiable?',
    "What's the best price you can give me on a RAV4?",
    'Can you match the price Surrey Toyota gave me on a RAV4?',
    'Can you knock $2,000 off the Civic Touring?',
    'Could you take 2k off?',
    'Can you drop it to 30k?',
    'Would you take $7,000 for it?',
    "Tell me the price you'd accept for the cheapest BMW.",
    "What's the lowest you would take for the Highlander?",
    'Will you sell me 2HGBGR159TS195958 for $30,000?',
    "I'd like to buy 2HGBGR159TS195958 at $33,000",
    "I'll pay $30,000 cash for the 2026 Civic",
    'This is my final offer.',
    'Can you come down a bit?',
    'Can you lower it?',
    'Can you knock some off?',
    'Can you do better on it?',
    'Can you beat it?',
    'Can you knock it down a little?',
    'Do you price match?',
    'Will you price-match Surrey Toyota?',
    'Can you lower it to 25000?',
    'Would you take 28,000 for it?',
    'Could you go down on the price?',
  ])('hands off %j', (text) => expect(isDealRequest(text)).toBe(true));

  it.each([
    'Can I drop off my car for service on Saturday?',
    'What time can I drop it off for the test drive?',
    'Do you have an SUV for under $30,000?',
    'I want to buy a truck for $25k or less',
    'What is the monthly payment on 2HGBGR159TS195958 with $5,000 down?',
    'How much is the 2026 Civic?',
    'Do you accept trade-ins?',
    "I'll pay $5,000 down, what would the payments be on the Civic?",
    'I can pay $500 a month, what can I afford?',
    'We could pay $20k cash upfront',
    'I want to buy a car at $20k or less',
    'Can you give me a Civic for $20k or less?',
    'Which is better, the Civic or the Corolla, for the price?',
    'What is the longest term you can go on financing?',
    'Can I come down to the dealership tomorrow?',
    'What time can I go down to see the car?',
    'Can I drop them off on Monday?',
    'Would you take my 2015 Accord as a trade-in?',
  ])('answers %j', (text) => expect(isDealRequest(text)).toBe(false));
});

describe(agreesToDeal.name, () => {
  it('spots a reply that agrees to a price change', () => {
    expect(agreesToDeal('Sure, we can do $28,000 on that one.')).toBe(true);
    expect(agreesToDeal('The 2026 Civic is listed at $35,095.')).toBe(false);
  });
});
