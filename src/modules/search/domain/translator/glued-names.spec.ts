import { splitGluedNames } from './glued-names';
import { compileSearchNames } from './name-index';
import { tokenize } from './tokenizer';

const names = compileSearchNames({
  manufacturers: [{ name: 'Kia' }, { name: 'Mini' }, { name: 'Ram' }, { name: 'Lexus' }],
  models: [
    { name: 'Sorento', manufacturer: 'Kia', stocked: true },
    { name: 'EV6', manufacturer: 'Kia', stocked: true },
    { name: 'Cooper', manufacturer: 'Mini', stocked: true },
    { name: '2500', manufacturer: 'Ram', stocked: true },
    { name: 'ES', manufacturer: 'Lexus', stocked: true },
  ],
  trims: ['SX', 'GT-Line', 'ES'],
});
const split = (query: string): string[] =>
  splitGluedNames(tokenize(query, () => false), names, (text) => tokenize(text, () => false)).map((t) => (t.kind === 'num' ? `#${t.value}` : t.text));

describe(splitGluedNames.name, () => {
  it('splits a manufacturer and its model run together, and a model and its trim', () => {
    expect(split('kiasorento sx')).toEqual(['kia', 'sorento', 'sx']);
    expect(split('kiasorentosx')).toEqual(['kia', 'sorento', 'sx']);
    expect(split('minicooper')).toEqual(['mini', 'cooper']);
    expect(split('ram2500 diesel')).toEqual(['ram', '#2500', 'diesel']);
  });

  it('splits a model and a vocabulary word ("ev6awd")', () => {
    expect(split('ev6awd')).toEqual(['ev6', 'awd']);
  });

  it('leaves known words, plurals, ordinary words and typos whole', () => {
    expect(split('minimalist kias sorentos')).toEqual(['minimalist', 'kias', 'sorentos']);
    expect(split('minivans')).toEqual(['minivans']);
    expect(split('sorentoes')).toEqual(['sorentoes']);
    expect(split('kiasorrento')).toEqual(['kiasorrento']);
  });
});
