import { compileSearchNames } from './name-index';
import { tokenize } from './tokenizer';
import { correctTypos } from './typo-correction';

const names = compileSearchNames({
  manufacturers: [{ name: 'Toyota' }, { name: 'Honda' }],
  models: [{ name: 'Corolla', manufacturer: 'Toyota' }, { name: 'Civic', manufacturer: 'Honda' }],
});

function corrected(query: string): string {
  const toks = tokenize(query, () => false);
  correctTypos(toks, names);
  return toks.map((t) => t.text).join(' ');
}

describe(correctTypos.name, () => {
  it('corrects names and vocabulary words within the edit distance', () => {
    expect(corrected('toyta corola')).toBe('toyota corolla');
    expect(corrected('blak hatchbak')).toBe('black hatchback');
    expect(corrected('sunrof')).toBe('sunroof');
  });

  it('counts a swapped pair of letters as one edit and allows two edits in long words', () => {
    expect(corrected('hodna')).toBe('honda');
    expect(corrected('convertable')).toBe('convertible');
  });

  it('leaves known words, English, plurals of known words, numbers and short words alone', () => {
    expect(corrected('need family cars with seats 2019 abc')).toBe('need family cars with seats 2019 abc');
    expect(corrected('civics')).toBe('civics');
  });

  it('keeps the compact spelling in step with the text', () => {
    const toks = tokenize('toyta', () => false);
    correctTypos(toks, names);
    expect(toks[0]).toMatchObject({ text: 'toyota', compact: 'toyota' });
  });
});
