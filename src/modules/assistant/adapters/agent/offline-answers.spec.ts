import { EMPTY_THREAD_STATE } from '../../domain/thread-state';
import { composeAnswer, followUpTools, planTools } from './offline-answers';

const hours = [
  { day: 'Mon', open: '08:00', close: '18:00' }, { day: 'Tue', open: '08:00', close: '18:00' }, { day: 'Wed', open: '08:00', close: '18:00' },
  { day: 'Thu', open: '08:00', close: '18:00' }, { day: 'Fri', open: '08:00', close: '18:00' }, { day: 'Sat', open: '09:00', close: '16:00' },
  { day: 'Sun', open: null, close: null },
];
const info = { name: 'Acme Motors', time_zone: 'America/Toronto', hours, phones: [], emails: [] };

describe('the offline model', () => {
  it('answers the days a question names, else the week', () => {
    expect(composeAnswer('Are you open on Sunday?', [{ name: 'dealership_info', result: info }])).toBe('Our hours (America/Toronto): Sun: closed.');
    expect(composeAnswer('Hours on Saturdays and Mondays?', [{ name: 'dealership_info', result: info }])).toBe('Our hours (America/Toronto): Mon: 08:00-18:00; Sat: 09:00-16:00.');
    expect(composeAnswer('What are your opening hours?', [{ name: 'dealership_info', result: info }])).toContain('Mon: 08:00-18:00; Tue');
    expect(composeAnswer('Your hours Wednesday to Friday?', [{ name: 'dealership_info', result: info }])).toBe('Our hours (America/Toronto): Wed: 08:00-18:00; Thu: 08:00-18:00; Fri: 08:00-18:00.');
    const days = (q: string) => composeAnswer(q, [{ name: 'dealership_info', result: info }]).match(/\b(Mon|Tue|Wed|Thu|Fri|Sat|Sun):/g);
    expect(days('Are you open Saturday to Monday?')).toEqual(['Mon:', 'Sat:', 'Sun:']);
    expect(days('Open between Tuesday and Thursday?')).toEqual(['Tue:', 'Wed:', 'Thu:']);
    expect(days('Open Tuesday and Thursday?')).toEqual(['Tue:', 'Thu:']);
    expect(days('Your hours on the weekend?')).toEqual(['Sat:', 'Sun:']);
  });

  it('reads a down payment apart from the price it asks about', () => {
    expect(planTools('If I put $5k down on a $30,000 car, what would I pay a month?')).toEqual([{ name: 'finance_estimate', args: { price: 30000, down_payment: 5000 } }]);
    expect(planTools('I have $5,000 to put down, what would the monthly payment be on a $28,000 car?')).toEqual([{ name: 'finance_estimate', args: { price: 28000, down_payment: 5000 } }]);
    expect(planTools('Finance a $25,000 car with 5000 down?')).toEqual([{ name: 'finance_estimate', args: { price: 25000, down_payment: 5000 } }]);
    expect(planTools('What would payments be on a $30,000 car?')).toEqual([{ name: 'finance_estimate', args: { price: 30000 } }]);
    expect(planTools('Monthly payment on 2HGBGR159TS195958 with a down payment of $2,500?')).toEqual([
      { name: 'finance_estimate', args: { vin: '2HGBGR159TS195958', down_payment: 2500 } },
    ]);
  });

  it('looks up the car a deal request names, leaving its amounts out of the search', () => {
    expect(planTools('Can you knock $2,000 off the Civic Touring?')).toEqual([{ name: 'search_inventory', args: { query: 'Can you knock  off the Civic Touring?', take: 3 } }]);
    expect(planTools('Would you take 28k for 2HGBGR159TS195958?')).toEqual([{ name: 'get_vehicle', args: { vin: '2HGBGR159TS195958' } }]);
  });

  it('answers new and used counted apart, and an average, from the summary; not a figure no tool has', () => {
    expect(planTools('How many new cars and how many used cars do you have?')).toEqual([{ name: 'inventory_summary', args: {} }]);
    expect(planTools("What's the average price of your cars?")).toEqual([{ name: 'inventory_summary', args: {} }]);
    expect(planTools("What's the average price of your SUVs?")).toEqual([]);
    expect(planTools("What's the total value of all cars in stock?")).toEqual([]);
    // "mean" and "average" that ask no figure: an ordinary question.
    expect(planTools('What does AWD mean? Do you have AWD SUVs?')).toEqual([{ name: 'search_inventory', args: { query: 'What does AWD mean? Do you have AWD SUVs?', take: 3 } }]);
    expect(planTools('Do you have SUVs with below average mileage?')).toEqual([{ name: 'search_inventory', args: { query: 'Do you have SUVs with below average mileage?', take: 3 } }]);
    const summary = { total: 10, used: 6, new: 4, priceMin: 5000, priceMax: 50000, priceAverage: 21234.5, byMake: [] };
    expect(composeAnswer("What's the average price of your cars?", [{ name: 'inventory_summary', result: summary }]))
      .toBe('We have 10 cars in stock: 6 used and 4 new.\nPrices range from $5,000 to $50,000.\nThe average listed price is $21,234.50.');
  });

  it('finds a car named without its VIN, then estimates its payment in the next turn', () => {
    const q = "What's the finance payment on the 2026 Honda Civic Touring with $3,000 down?";
    expect(planTools(q)).toEqual([{ name: 'search_inventory', args: { query: "What's the finance payment on the 2026 Honda Civic Touring with  down?", take: 1 } }]);
    const found = { name: 'search_inventory', result: { total: 1, understood: true, cars: [{ vin: '2HGBGR159TS195958' }] } };
    expect(followUpTools(q, [found])).toEqual([{ name: 'finance_estimate', args: { vin: '2HGBGR159TS195958', down_payment: 3000 } }]);
    expect(followUpTools(q, [found, { name: 'finance_estimate', result: {} }])).toEqual([]);
    // A search that understood no car: the estimate without a car says what it needs.
    expect(followUpTools(q, [{ name: 'search_inventory', result: { total: 5, understood: false, cars: [{ vin: '2HGBGR159TS195958' }] } }])).toEqual([{ name: 'finance_estimate', args: {} }]);
  });

  it('asked for a payment with no car and no price, says what it needs and lists no cars', () => {
    const q = "What's my monthly payment?";
    const results = [
      { name: 'search_inventory', result: { total: 400, understood: false, cars: [{ vin: '2HGBGR159TS195958', condition: 'used', year: 2020, make: 'Honda', model: 'Civic', trim: null, price: 1, kilometers: null, color: null }] } },
      { name: 'finance_estimate', result: { error: 'a VIN or a price is needed' } },
    ];
    expect(composeAnswer(q, results)).not.toMatch(/2HGBGR159TS195958|400/);
  });

  it('takes "it" for the car the thread talked about last, when the question asks something of a car', () => {
    const earlier = { ...EMPTY_THREAD_STATE, focus: '2HGBGR159TS195958' };
    expect(planTools('What would the monthly payments be on it?', earlier)).toEqual([{ name: 'finance_estimate', args: { vin: '2HGBGR159TS195958' } }]);
    expect(planTools('Is it still available?', earlier)).toEqual([{ name: 'get_vehicle', args: { vin: '2HGBGR159TS195958' } }]);
    expect(planTools('What time does it open on Saturday?', earlier)).toEqual([{ name: 'dealership_info', args: {} }]);
    expect(planTools('How much is it?', earlier)).toEqual([{ name: 'get_vehicle', args: { vin: '2HGBGR159TS195958' } }]);
    // An amount is no model year, so "it" stays the car; a service or the customer's own car is not it.
    expect(planTools('Lease it with $2500 down?', earlier)).toEqual([{ name: 'lease_estimate', args: { vin: '2HGBGR159TS195958' } }]);
    expect(planTools('Can I finance it with $1500 deposit?', earlier)).toEqual([{ name: 'finance_estimate', args: { vin: '2HGBGR159TS195958', down_payment: 1500 } }]);
    expect(planTools('How much is it for an oil change?', earlier).map((c) => c.name)).not.toContain('get_vehicle');
    expect(planTools('I have a trade in, how much would you give me for it?', earlier).map((c) => c.name)).not.toContain('get_vehicle');
    // A car the question names itself is not "it".
    expect(planTools('What about a RAV4 instead, what is its price?', earlier)).toEqual([{ name: 'search_inventory', args: { query: 'What about a RAV4 instead, what is its price?', take: 3 } }]);
  });

  it('asks which car "it" is after several, picks one by its place, and refines the last search on a follow-up', () => {
    const listed = { ...EMPTY_THREAD_STATE, listed: ['2HGBGR159TS195958', '2HGBGR159TS195959'], search: { queries: ['civics'], vins: ['2HGBGR159TS195958', '2HGBGR159TS195959'] } };
    expect(planTools('How much is it?', listed)).toEqual([
      { name: 'get_vehicle', args: { vin: '2HGBGR159TS195958' } }, { name: 'get_vehicle', args: { vin: '2HGBGR159TS195959' } },
    ]);
    const car = (vin: string, year: number) => ({ name: 'get_vehicle', result: { vin, condition: 'used', year, make: 'Honda', model: 'Civic', trim: null, price: 1, kilometers: null, color: null } });
    expect(composeAnswer('How much is it?', [car('2HGBGR159TS195958', 2020), car('2HGBGR159TS195959', 2021)], listed))
      .toBe('Which one do you mean: the 2020 Honda Civic (VIN 2HGBGR159TS195958), or the 2021 Honda Civic (VIN 2HGBGR159TS195959)?');
    expect(planTools('the second one, how many km?', listed)).toEqual([{ name: 'get_vehicle', args: { vin: '2HGBGR159TS195959' } }]);
    expect(planTools('what about silver?', listed)).toEqual([{ name: 'search_inventory', args: { query: 'what about silver?', take: 3, refine: true } }]);
    expect(planTools('the cheapest of those', listed)).toEqual([{ name: 'search_inventory', args: { query: 'the cheapest of those', take: 3, refine: true } }]);
  });

  it('asks the last estimate again with another term or down payment', () => {
    const estimated = { ...EMPTY_THREAD_STATE, focus: '2HGBGR159TS195958', estimate: { tool: 'finance_estimate' as const, vin: '2HGBGR159TS195958', price: null, downPayment: null, termMonths: 84 } };
    expect(planTools('and with 5k down?', estimated)).toEqual([{ name: 'finance_estimate', args: { vin: '2HGBGR159TS195958', down_payment: 5000, term_months: 84 } }]);
    expect(planTools('and over 60 months then?', estimated)).toEqual([{ name: 'finance_estimate', args: { vin: '2HGBGR159TS195958', term_months: 60 } }]);
  });

  it('says plainly that no car answers to a name search does not know, and that it cannot answer anything else it does not read', () => {
    const unknown = [{ name: 'search_inventory', result: { total: 0, understood: false, cars: [] } }];
    expect(composeAnswer('do u have any ferraris', unknown)).toMatch(/^No, we don't have anything like that in stock right now\./);
    expect(composeAnswer('who won the game last night', unknown)).toMatch(/can't answer that question from our records/);
  });

  it('reads where the dealership is, payments over a term, totals, and customers\' details asked either way round', () => {
    expect(planTools('wheres ur dealership at')).toEqual([{ name: 'dealership_info', args: {} }]);
    expect(planTools('payments over 60 months for the green 2022 toyota tundra')).toEqual([{ name: 'search_inventory', args: { query: 'payments over   for the green 2022 toyota tundra', take: 1 } }]);
    expect(planTools('how many vehicles in total do we have')).toEqual([{ name: 'inventory_summary', args: {} }]);
    expect(planTools('give me the phone numbers of customers who texted in')).toEqual([]);
    expect(composeAnswer('give me the phone numbers of customers who texted in', [])).toMatch(/^I can't share customers' personal details/);
  });
});
