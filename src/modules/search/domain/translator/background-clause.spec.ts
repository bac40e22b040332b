import { cond, makeAtom } from './atoms';
import { type BackgroundClause, describesBackground, noteBackgroundAtom, noteBackgroundLink } from './background-clause';

const clause = (sure = false): BackgroundClause => ({ startItem: 0, sure, swap: null, vehicleSeen: false, broken: false, wish: false });
const model = makeAtom('model', [cond('model', 'eq', 'Civic')], { nameKind: 'model' });
const year = makeAtom('year', [cond('year', 'eq', 2014)]);
const price = makeAtom('price', [cond('price', 'lte', 30000)]);

describe('background clause', () => {
  it('describes a background vehicle when a vehicle comes first, after descriptions only', () => {
    const bg = clause();
    noteBackgroundAtom(bg, year);
    noteBackgroundAtom(bg, model);
    noteBackgroundAtom(bg, price); // after the vehicle: part of its description ("with 200k miles")
    expect(describesBackground(bg)).toBe(true);
  });

  it('does not when something else comes before the vehicle, or no vehicle comes', () => {
    const budget = clause();
    noteBackgroundAtom(budget, price);
    noteBackgroundAtom(budget, model);
    expect(describesBackground(budget)).toBe(false);
    const question = clause();
    noteBackgroundLink(question, 'gap');
    noteBackgroundAtom(question, model);
    expect(describesBackground(question)).toBe(false);
    const none = clause();
    noteBackgroundAtom(none, year);
    expect(describesBackground(none)).toBe(false);
  });

  it('does when sure, unless it turned out to be a wish', () => {
    const sure = clause(true);
    expect(describesBackground(sure)).toBe(true);
    sure.wish = true;
    expect(describesBackground(sure)).toBe(false);
  });
});
