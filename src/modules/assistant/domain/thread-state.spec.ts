import { EMPTY_THREAD_STATE, nextThreadState, threadStateFrom } from './thread-state';

const A = '2T3LJL1L0RW203306';
const B = '2T3LJL1L0RW203307';
const car = (vin: string) => ({ vin, price: 1 });

describe('thread state', () => {
  it('keeps a search with the queries it refined and its cars, and the one car the reply named as the focus', () => {
    const s1 = nextThreadState(EMPTY_THREAD_STATE, 'any white rav4s?', [
      { name: 'search_inventory', args: { query: 'any white rav4s?' }, result: { query: 'any white rav4s?', total: 2, cars: [car(A), car(B)] } },
    ], `- the RAV4 (VIN ${A})\n- the RAV4 (VIN ${B})`);
    expect(s1).toMatchObject({ search: { queries: ['any white rav4s?'], vins: [A, B] }, focus: null, listed: [A, B], pending: null });

    const s2 = nextThreadState(s1, 'the cheapest of those', [
      { name: 'search_inventory', args: { query: 'the cheapest of those', refine: true }, result: { query: 'the cheapest of those', within: ['any white rav4s?'], total: 2, cars: [car(B)] } },
    ], `The cheapest is the RAV4 (VIN ${B}).`);
    expect(s2).toMatchObject({ search: { queries: ['any white rav4s?', 'the cheapest of those'], vins: [B] }, focus: B, listed: [] });
  });

  it('remembers the last estimate and a question answered with a question ("which one?")', () => {
    const s = nextThreadState({ ...EMPTY_THREAD_STATE, listed: [A, B] }, 'how much a month on it?', [
      { name: 'get_vehicle', args: { vin: A }, result: car(A) }, { name: 'get_vehicle', args: { vin: B }, result: car(B) },
    ], `Which one do you mean: the RAV4 (VIN ${A}), or the RAV4 (VIN ${B})?`);
    expect(s).toMatchObject({ focus: null, listed: [A, B], pending: 'how much a month on it?' });

    const e = nextThreadState(EMPTY_THREAD_STATE, 'finance it over 84 months', [
      { name: 'finance_estimate', args: { vin: A, term_months: 84, down_payment: 2000 }, result: { vehicle: car(A), price: 1, estimates: [] } },
    ], 'Estimated finance payments ...');
    expect(e.estimate).toEqual({ tool: 'finance_estimate', vin: A, price: null, downPayment: 2000, termMonths: 84 });
    expect(e.focus).toBe(A);
  });

  it('ignores failed tool results, and reads back only what it knows from a stored row', () => {
    const s = nextThreadState(EMPTY_THREAD_STATE, 'q', [{ name: 'search_inventory', args: {}, result: { error: 'boom' } }], 'No.');
    expect(s).toEqual(EMPTY_THREAD_STATE);
    expect(threadStateFrom(null)).toEqual(EMPTY_THREAD_STATE);
    expect(threadStateFrom({ focus: A, search: { queries: ['x', 3], vins: [B] }, estimate: { tool: 'other' }, extra: 1 }))
      .toEqual({ ...EMPTY_THREAD_STATE, focus: A, search: { queries: ['x'], vins: [B] } });
  });

  it('keeps the search a follow-up refines when a later one understood nothing or served another', () => {
    const s1 = nextThreadState(EMPTY_THREAD_STATE, 'white rav4s', [
      { name: 'search_inventory', args: {}, result: { query: 'white rav4s', total: 2, understood: true, cars: [car(A), car(B)] } },
      { name: 'search_inventory', args: {}, result: { query: 'white rav4s cheapest', total: 2, understood: true, cars: [car(B)] } },
    ], 'Two.');
    expect(s1.search).toEqual({ queries: ['white rav4s'], vins: [A, B] });
    const s2 = nextThreadState(s1, 'thanks!', [{ name: 'search_inventory', args: {}, result: { query: 'thanks!', total: 400, understood: false, cars: [car(A)] } }], "I can't answer that.");
    expect(s2.search).toEqual(s1.search);
    expect(nextThreadState(EMPTY_THREAD_STATE, 'x'.repeat(5000), [], `the RAV4 (VIN ${A}) or the RAV4 (VIN ${B})?`).pending).toHaveLength(1000);
  });
});
