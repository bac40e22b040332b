/**
 * Vehicle identification numbers (ISO 3779). 17 characters of A-H, J-N, P, R-Z and 0-9 (I, O and Q
 * are never used). North American VINs carry a check digit in position 9 (49 CFR 565).
 */
const VIN_PATTERN = /^[A-HJ-NPR-Z0-9]{17}$/;

const TRANSLITERATION: Readonly<Record<string, number>> = {
  A: 1, B: 2, C: 3, D: 4, E: 5, F: 6, G: 7, H: 8,
  J: 1, K: 2, L: 3, M: 4, N: 5, P: 7, R: 9,
  S: 2, T: 3, U: 4, V: 5, W: 6, X: 7, Y: 8, Z: 9,
};
const WEIGHTS = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2];

/** Regions whose VINs must carry a valid check digit. */
const CHECK_DIGIT_REGIONS: ReadonlySet<string> = new Set(['US', 'CA']);

export function requiresVinCheckDigit(region: string): boolean {
  return CHECK_DIGIT_REGIONS.has(region.toUpperCase());
}

/** Upper-cased and trimmed: the form that is validated and stored. */
export function normalizeVin(raw: string): string {
  return raw.trim().toUpperCase();
}

/** The check digit a syntactically valid VIN should carry in position 9 ('0'-'9' or 'X'). */
export function vinCheckDigit(vin: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) {
    const c = vin[i];
    const value = c >= '0' && c <= '9' ? c.charCodeAt(0) - 48 : TRANSLITERATION[c];
    if (value === undefined) throw new Error(`not a VIN character: ${c}`);
    sum += value * WEIGHTS[i];
  }
  const remainder = sum % 11;
  return remainder === 10 ? 'X' : String(remainder);
}

export type VinProblem = 'syntax' | 'check_digit';

/** Why a normalized VIN is invalid, or null when it is valid. */
export function vinProblem(vin: string, requireCheckDigit: boolean): VinProblem | null {
  if (!VIN_PATTERN.test(vin)) return 'syntax';
  if (requireCheckDigit && vin[8] !== vinCheckDigit(vin)) return 'check_digit';
  return null;
}

/** Sets position 9 to the right check digit (test data and benchmarks make valid VINs with it). */
export function withCheckDigit(vin: string): string {
  return vin.slice(0, 8) + vinCheckDigit(vin) + vin.slice(9);
}
