import { agreesToDeal, asksForAppraisal, isDealRequest, statedMoneyIn } from './deal-request';

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
    // The seller asked to take an amount: an offer, even when a car kind follows ("$X for a minivan" is otherwise a budget).
    'Would you take $15,000 for a Civic?',
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
    'I can offer $26,500 cash today.',
    'I could pay $25k for the Civic.',
    'Sell me the Civic for $20,000 tops',
    "I'll buy it at $25,000 max",
    'Can you come down to the price they quoted me?',
    'How low can you go on the F-150?',
    "What's the best you can do on the Tacoma?",
    'Can I get it for less?',
    'Is the price firm?',
    'Is there any flexibility on the price?',
    'Any room to move on the sticker?',
    'Would you consider 20000?',
    'Is $18,000 doable for the Elantra?',
    'Will you sell it for 18000?',
    'Would you take 2000 for it?',
    "I'm thinking more like 22k",
    'How about thirty grand?',
    'Would you take twenty five thousand for the Civic?',
    'Can you come down to $400 a month?',
    // Counter-offers in thousands said short, and in chat spelling.
    'would u take 18 cash today',
    'can you make it work for 20 on the accord',
    "I'm at 21 for the Mustang, let me know",
    'wud you consider 12.5 for the civic',
    'do 20k?',
    '19.5 and we have a deal',
    'Would twenty two work for the Elantra?',
    'Take it or leave it: $23,500 for stock #P4471',
    // Money, percent and the price moving.
    'shave a couple grand off and I will come get it',
    'take it down 2k and i will sign',
    'Any chance of 10 percent off?',
    'I want at least 5 pct off sticker',
    "What's your out-the-door number on the Sienna?",
    "You're at 31, I'm at 28. Meet halfway?",
    'Any wiggle room on the Bronco?',
    'Is 24,900 firm?',
    'Carvana has it for 2k less, can you match?',
    'vroom has it cheaper',
    'Love the truck, not loving the price. Anything you can do?',
    // Written before the rules were read (tuning-2.jsonl): slang amounts, counters without a verb, prices to come down.
    '2 large off and we can talk',
    'whats the floor on that charger',
    'best i can do is 19 on that silverado, cash in hand',
    'if you can get to 20 we have a deal',
    "20 and i'll pick it up today",
    'can u do 24 5 on the highlander? thats all i got',
    // Offers in other words: standing at a number, money named before the ask, a price wished for.
    'counter at 31',
    "at 22 i'd buy it today",
    'i can swing 21 but not a dollar more',
    'i have 20k cash, would you take that for the accord',
    'looking to pay around 17 for the malibu if you can',
    'would you be open to 23?',
    'i think 20 is fair',
    "if the price was 18k i'd be in today",
    "I'd like to get this car for around $17,000 if possible.",
    'any room below 25?',
    'can you guys sell it for 1000 under',
    "i love it but i don't love the price",
    // Slang amounts, the car between the verb and the amount, vague percents, a cost taken off.
    'could you knock 5 bills off',
    'drop the camry 2 stacks and its a deal',
    'take a few percent off and we are good',
    'deduct the cost of new brakes and i will buy it',
    'it needs tires, can you take that off the price',
    'any way to get the price under 30?',
    'is there any flex in the price',
    'i can do 25 not a penny more',
    'throw in the floor mats and we have a deal',
    // Another seller, named or down the street, and this seller undercut.
    'can you beat vroom?',
    'the chevy place across town is cheaper',
    'they are 1000 below you on the same car',
    // Spanish and French for the same asks.
    'me hacen algun descuento en la tacoma?',
    'cual es su ultimo precio para la camioneta roja',
    'aceptarian 18 mil por el corolla?',
    'otra agencia me la ofrece mas barata, la pueden igualar?',
    'quel est votre meilleur prix pour le rav4?',
    'pouvez-vous baisser le prix un peu?',
    // A trade-in value.
    'Could you appraise my 2016 F-250?',
    'thinking of trading in my tahoe, how much would you be willing to pay for it',
    'i want to trade my accord, what do you figure it would be worth',
    'whats the highest you would go on my trade',
    'what would you value my truck at',
    'cuanto me dan por mi carro? es un 2015 sentra',
    'combien pour ma voiture en reprise?',
    'got a 2010 camry w 200k on it, would you take it in trade and for how much',
    'how much would my old explorer get me',
    "What's my car worth to you? 2017 RAV4, 62k miles",
    'Would you buy my car outright?',
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
    'Can you go 20000 km a year on the lease?',
    'Would you do 24,000 km/year on the lease?',
    'Would you take my 2015 Civic with 150000 km in trade?',
    'Will you take 1500 as a deposit?',
    'Can you do 84 month financing at 1000 down?',
    'Can you take off the roof rack?',
    'Can you take the 2018 Civic off hold?',
    'Which would do better in snow, the RAV4 or the CR-V?',
    'Can you knock it out? It is a small dent.',
    'I will pay $5k as a down payment',
    "We'll pay $400/month",
    "I'd pay $350 bi-weekly",
    "I'll pay $500 to hold it",
    'Would you take a 2019 Civic in trade?',
    'Would you take 30k km a year on the lease?',
    'Can I come down Saturday to see it?',
    "I'll come down after work",
    'Can my son come down too?',
    'Do you have cars for less than $15,000?',
    // The listed price, budgets, payments, rates and fees.
    "What's the price of the red Civic?",
    'Is the price on the website the real price?',
    'Looking for an SUV under 25k',
    'can you do a suv under 25k?',
    'I have a budget of 18k, what do you have in a minivan?',
    'What rates are you seeing for 72 months?',
    'Can you do 60 months at 4.9?',
    'What are your doc fees?',
    'Does the price include the rebate?',
    'I have about 2 grand for a down payment, is that enough?',
    // "Best" and "number" that are no price, times, ages and model numbers.
    "What's the best number to text the sales team?",
    "What's the best SUV for towing a boat?",
    "What's the lowest price Civic you have?",
    'Can you do 2 pm tomorrow?',
    'Can you do 5:30?',
    'I can come by at 5 and take it for a drive',
    'My son is 17, can he test drive it?',
    'Does the 2500 have the Cummins?',
    'It has 2 owners and 45k on it',
    'My zip is 92115, do you deliver here?',
    // Asks declined or advertised, a down payment's parts, the dealership's own listing (tuning-2.jsonl).
    'not looking to haggle, just want to know if its available',
    "i don't need a discount, just want the car",
    'is the deal on the website still good through sunday',
    'ill have 4k down, 2k cash and 2k from my tax return',
    'is the $18,500 on your website the price for the tacoma?',
    'you listed it for 24k, is that still the price',
    'whats the best deal you have on financing',
    // Counts, addresses, hours and measures that are no thousands.
    'do you do 2 keys with it or just 1',
    "we're at 40 and 5th, which way to the lot",
    "i'll be there around 11 for the test drive",
    'do you do appointments at 10 or 11',
    'whats the 0-60 on the mustang gt',
    'anything under 10 large with low miles?',
    // Trade-in policy, and a deal asked about, not for.
    'Do you take trade-ins from out of state?',
    'i got a good deal on my last car from you guys',
    'How long does a trade appraisal take?',
    'Is this a good deal?',
    // A price's history, "lowest"/"best" of no price, a seller's past deal, foreign words for listed prices and payments.
    'did they reduce the price on the civic?',
    'was there a price drop on the silverado recently',
    'i see you guys dropped the price on the camry, is it still available',
    'lowest miles you got on a tacoma?',
    'best price on tires?',
    'i sold my last car to carmax for 12k',
    'is the listed price the final price with taxes?',
    'has anyone made an offer on the civic?',
    'my trade has a dent, is it worth fixing first?',
    'cuanto cuesta el civic?',
    'puedo dar 3000 de enganche?',
    'el precio incluye impuestos?',
    "c'est combien la mazda 3?",
    'the civic has 80k mi on it, what is it listed at?',
  ])('answers %j', (text) => expect(isDealRequest(text)).toBe(false));
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
  it.each([
    ['How about 1985 Corvettes, any?'],
    ['How about 7500 lbs towing?'],
    ['monthly payment on the Ram 2500?'],
  ])('%s is no deal request', (text) => {
    expect(isDealRequest(text)).toBe(false);
  });

  it('reads a model number or an old year as no price, money as money', () => {
    expect(statedMoneyIn('Finance payments on a Silverado 1500?')).toEqual([]);
    expect(statedMoneyIn('lease on the 1987 Buick Grand National')).toEqual([]);
    expect(statedMoneyIn('would you take 25k for the Ram 1500?').map((a) => a.value)).toEqual([25000]);
    expect(isDealRequest('would you take 2000 for it?')).toBe(true);
  });
});
