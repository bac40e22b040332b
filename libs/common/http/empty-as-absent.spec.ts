import { plainToInstance } from 'class-transformer';
import { EmptyAsAbsent } from './empty-as-absent';

class Sample {
  @EmptyAsAbsent() value?: unknown;
}

describe(EmptyAsAbsent.name, () => {
  it.each([[''], ['   '], ['\t']])('makes %j absent', (value) => {
    expect(plainToInstance(Sample, { value }).value).toBeUndefined();
  });

  it.each([['sms'], [' x '], [0], [false], [null]])('keeps %j as sent', (value) => {
    expect(plainToInstance(Sample, { value }).value).toBe(value);
  });
});
