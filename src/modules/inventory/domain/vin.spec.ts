import { normalizeVin, requiresVinCheckDigit, vinCheckDigit, vinProblem, withCheckDigit } from './vin';

describe('VIN rules', () => {
  it('computes the ISO 3779 check digit of real VINs', () => {
    // Published examples: 49 CFR 565 worked example and real vehicles.
    expect(vinCheckDigit('1M8GDM9AXKP042788')).toBe('X');
    expect(vinCheckDigit('11111111111111111')).toBe('1');
    expect(vinCheckDigit('1HGCM82633A004352')).toBe('3');
    expect(vinCheckDigit('5UXNFJL24TX577857')).toBe('4');
  });

  it('accepts 17 characters of A-H J-N P R-Z 0-9 and refuses I, O, Q and other lengths', () => {
    expect(vinProblem('1HGCM82633A004352', true)).toBeNull();
    expect(vinProblem('1HGCM82633A00435', true)).toBe('syntax');
    expect(vinProblem('1HGCM82633A0043522', true)).toBe('syntax');
    expect(vinProblem('1HGCM82633A00I352', false)).toBe('syntax');
    expect(vinProblem('1HGCM82633A00O352', false)).toBe('syntax');
    expect(vinProblem('1HGCM82633A00Q352', false)).toBe('syntax');
    expect(vinProblem('1hgcm82633a004352', false)).toBe('syntax');
  });

  it('checks the check digit only when asked', () => {
    expect(vinProblem('1HGCM82643A004352', true)).toBe('check_digit');
    expect(vinProblem('1HGCM82643A004352', false)).toBeNull();
  });

  it('normalizes by trimming and upper-casing', () => {
    expect(normalizeVin(' 1hgcm82633a004352 ')).toBe('1HGCM82633A004352');
  });

  it('requires the check digit for US and CA dealerships only', () => {
    expect(requiresVinCheckDigit('US')).toBe(true);
    expect(requiresVinCheckDigit('ca')).toBe(true);
    expect(requiresVinCheckDigit('DE')).toBe(false);
  });

  it('withCheckDigit makes any VIN-shaped string valid', () => {
    expect(withCheckDigit('1HGCM82603A004352')).toBe('1HGCM82633A004352');
    expect(vinProblem(withCheckDigit('WDB12345678901234'), true)).toBeNull();
  });
});
