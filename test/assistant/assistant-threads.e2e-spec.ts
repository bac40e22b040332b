import { ConfigureDealerUseCase } from '../../src/modules/dealership';
import { describeEachBackend } from '../support/backends';
import { createDealer, DealerFixture, startTestApp, TestApp } from '../support/test-app';
import { csv, uploadCsv, vin } from '../inventory/inventory-fixtures';
import { allEvents, reply, send, SentMessage, waitForRun } from './assistant-helpers';

/**
 * The offline assistant holds a conversation: a follow-up refines the thread's last search, picks a
 * car from the list it showed, asks "which one?" when "it" could be several, and asks the last
 * estimate again with another term or down payment; a car is named by stock number or by a
 * description that picks it; a question with two clauses gets both answered. The state lives with
 * the thread: another thread, or another dealership, starts from nothing.
 */
const RAV_WHITE_CHEAP = vin(801);
const RAV_WHITE_DEAR = vin(802);
const RAV_SILVER_CHEAP = vin(803);
const RAV_SILVER_DEAR = vin(804);
const CIVIC_2021_BLUE = vin(805);
const CIVIC_2023_BLUE = vin(806);

const CARS = [
  ['vin', 'stock_number', 'year', 'manufacturer', 'model', 'trim', 'price', 'kilometers', 'color', 'doors', 'drive_train'],
  [RAV_WHITE_CHEAP, 'R801', 2019, 'Toyota', 'RAV4', 'LE', 21000, 80000, 'White', 4, 'FWD'],
  [RAV_WHITE_DEAR, 'R802', 2022, 'Toyota', 'RAV4', 'XLE', 31000, 30000, 'White', 4, 'AWD'],
  [RAV_SILVER_CHEAP, 'R803', 2018, 'Toyota', 'RAV4', 'LE', 18500, 95000, 'Silver', 4, 'FWD'],
  [RAV_SILVER_DEAR, 'R804', 2023, 'Toyota', 'RAV4', 'Limited', 36000, 15000, 'Silver', 4, 'AWD'],
  [CIVIC_2021_BLUE, 'C805', 2021, 'Honda', 'Civic', 'EX', 22000, 40000, 'Blue', 4, 'FWD'],
  [CIVIC_2023_BLUE, 'C806', 2023, 'Honda', 'Civic', 'Sport', 26000, 12000, 'Blue', 4, 'FWD'],
];

const FINANCE = { region: 'US', finance_info: [4.99, 5.99, 6.99], finance_term: [48, 60, 84] };

describeEachBackend('Assistant threads', (backend) => {
  let t: TestApp;
  let dealer: DealerFixture;
  let other: DealerFixture;

  beforeAll(async () => {
    t = await startTestApp(backend);
    dealer = await createDealer(t);
    other = await createDealer(t);
    await uploadCsv(t, dealer.auth, csv(CARS)).expect(200);
    await t.app.get(ConfigureDealerUseCase).execute(dealer.dealerId, {
      enable_finance_calculator: true, finance_calculator: { finance_information: [FINANCE] },
    });
  });
  afterAll(() => t.close());

  async function ask(who: DealerFixture, question: string, threadId?: string): Promise<{ sent: SentMessage; answer: string; tools: { name: string; args: Record<string, unknown> }[] }> {
    const sent = await send(t, who, question, threadId);
    expect(await waitForRun(t, who, sent)).toMatchObject({ status: 'completed' });
    const tools = (await allEvents(t, who, sent)).filter((e) => e.type === 'tool.call').map((e) => JSON.parse(e.payload_json) as { name: string; args: Record<string, unknown> });
    return { sent, answer: (await reply(t, who, sent))!.content as string, tools };
  }

  it('refines the last search, then picks the cheapest of those, then answers about "it" (three turns)', async () => {
    const first = await ask(dealer, 'any white rav4s?');
    expect(first.answer).toContain('We have 2 cars matching your search.');

    const silver = await ask(dealer, 'what about silver?', first.sent.thread_id);
    expect(silver.tools).toEqual([{ name: 'search_inventory', args: expect.objectContaining({ refine: true }) }]);
    expect(silver.answer).toContain('We have 2 cars matching your search.');
    expect(silver.answer).toContain(RAV_SILVER_CHEAP);
    expect(silver.answer).toContain(RAV_SILVER_DEAR);
    expect(silver.answer).not.toContain(RAV_WHITE_CHEAP);

    const cheapest = await ask(dealer, 'the cheapest of those?', first.sent.thread_id);
    expect(cheapest.answer).toContain(`The cheapest is the used 2018 Toyota RAV4 LE (VIN ${RAV_SILVER_CHEAP}), listed at $18,500`);

    const colour = await ask(dealer, 'how many doors does it have, and is it awd?', first.sent.thread_id);
    expect(colour.tools).toEqual([{ name: 'get_vehicle', args: { vin: RAV_SILVER_CHEAP } }]);
    expect(colour.answer).toContain('It has 4 doors.');
    expect(colour.answer).toMatch(/front-wheel drive \(FWD\), not AWD/);
  });

  it('lets a follow-up drop a condition ("in any colour") and order by the words search reads ("lowest km")', async () => {
    const first = await ask(dealer, 'any silver rav4s?');
    const any = await ask(dealer, 'which one has the lowest km in any colour', first.sent.thread_id);
    expect(any.answer).toContain('We have 4 cars matching your search.');
    expect(any.answer).toContain(`The one with the lowest mileage is the used 2023 Toyota RAV4 Limited (VIN ${RAV_SILVER_DEAR})`);
  });

  it('picks a car by its place in the list, and asks which one "it" is after several', async () => {
    const first = await ask(dealer, 'show me your blue civics');
    expect(first.answer).toContain('We have 2 cars matching your search.');
    const listed = [CIVIC_2021_BLUE, CIVIC_2023_BLUE].sort((a, b) => first.answer.indexOf(a) - first.answer.indexOf(b));

    const which = await ask(dealer, 'how much is it?', first.sent.thread_id);
    expect(which.answer).toMatch(/^Which one do you mean: the 20\d\d Honda Civic \w+ \(VIN [A-Z0-9]{17}\), or the 20\d\d Honda Civic \w+ \(VIN [A-Z0-9]{17}\)\?$/);

    const second = await ask(dealer, 'the second one, hows the km on it', first.sent.thread_id);
    expect(second.tools).toEqual([{ name: 'get_vehicle', args: { vin: listed[1] } }]);
    expect(second.answer).toContain(`VIN ${listed[1]}`);
  });

  it('estimates for a car named by description, then again over another term and with a down payment', async () => {
    const first = await ask(dealer, 'finance the 2021 blue civic over 84 months');
    expect(first.tools.at(-1)).toEqual({ name: 'finance_estimate', args: { vin: CIVIC_2021_BLUE, term_months: 84 } });
    // $22,000 at 6.99% over 84 months.
    expect(first.answer).toContain('84 months at 6.99%: $331.93/month');
    expect(first.answer).not.toContain('48 months');

    const down = await ask(dealer, 'and with 5k down?', first.sent.thread_id);
    expect(down.tools).toEqual([{ name: 'finance_estimate', args: { vin: CIVIC_2021_BLUE, down_payment: 5000, term_months: 84 } }]);
    expect(down.answer).toContain('with $5,000 down: 84 months at 6.99%: $256.49/month');

    const shorter = await ask(dealer, 'and over 60 months then?', first.sent.thread_id);
    expect(shorter.tools).toEqual([{ name: 'finance_estimate', args: { vin: CIVIC_2021_BLUE, down_payment: 5000, term_months: 60 } }]);
    expect(shorter.answer).toContain('60 months at 5.99%');
  });

  it('names a car by stock number, in any question (an estimate, a deal)', async () => {
    const { answer, tools } = await ask(dealer, 'whats the finance on stock R802 if i put 3k down');
    expect(tools[0]).toEqual({ name: 'search_inventory', args: { query: 'stock R802', take: 1 } });
    expect(tools[1]).toEqual({ name: 'finance_estimate', args: { vin: RAV_WHITE_DEAR, down_payment: 3000 } });
    expect(answer).toContain(`the 2022 Toyota RAV4 (VIN ${RAV_WHITE_DEAR}) at $31,000 with $3,000 down`);

    const deal = await send(t, dealer, 'ill give u 28k cash for stock R802, final offer');
    expect(await waitForRun(t, dealer, deal)).toMatchObject({ outcome: 'handed_off' });
    expect((await reply(t, dealer, deal))!.content).toContain('$31,000');
  });

  it('says plainly when none is in stock and offers the closest cars', async () => {
    const { answer } = await ask(dealer, 'do we have a yellow civic?');
    expect(answer).toMatch(/^No, we don't have a car matching that in stock right now\.\nThe closest we have:\n- used 20\d\d Honda Civic/);
    expect(answer).toContain('(differs in colour)');
  });

  it('keeps the state with its thread and its dealership', async () => {
    const first = await ask(dealer, 'any white rav4s?');
    // A new thread has nothing to refine: "of those" is read on its own.
    const fresh = await ask(dealer, 'the cheapest of those?');
    expect(fresh.tools).toEqual([{ name: 'search_inventory', args: { query: 'the cheapest of those?', take: 3 } }]);
    // Another dealership cannot continue this dealership's thread.
    await t.http().post('/api/v1/assistant/threads/message').set('Authorization', other.auth)
      .send({ message: 'what about silver?', thread_id: first.sent.thread_id }).expect(404);
  });
});
