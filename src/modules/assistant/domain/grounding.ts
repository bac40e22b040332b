/**
 * Grounding, enforced in code after the model (decisions.md section 9): every VIN, price and count
 * in a reply must come from a tool result of the same run. The run drops each sentence that cites
 * anything else before it is streamed or stored; when nothing grounded is left it answers with
 * what the tools returned.
 */
export interface GroundingViolation {
  kind: 'vin' | 'price' | 'count';
  value: string;
}

const VIN = /\b[A-HJ-NPR-Z0-9]{17}\b/gi;
const PRICE = /\$\s?(\d[\d,]*(?:\.\d{1,2})?)(\s?[kK]\b)?|\b(\d[\d,]*(?:\.\d{1,2})?)\s?(?:dollars|CAD|USD)\b/g;
const COUNT = /\b(\d[\d,]*)\s+(?:[A-Za-z-]+\s+){0,3}?(?:cars?|vehicles?|units?|trucks?|suvs?|sedans?|coupes?|hatchbacks?|minivans?|vans?|wagons?|convertibles?|conversations?|matches|results|listings?|models?)\b/gi;

/** What the run's tools returned: every VIN-like string and every number in them. */
export class ToolEvidence {
  private readonly vins = new Set<string>();
  private readonly numbers: number[] = [];

  constructor(results: readonly unknown[]) {
    for (const result of results) this.collect(result);
  }

  private collect(value: unknown): void {
    if (typeof value === 'number' && Number.isFinite(value)) this.numbers.push(value);
    else if (typeof value === 'string') {
      for (const match of value.matchAll(VIN)) this.vins.add(match[0].toUpperCase());
      const n = Number(value.replace(/[$,\s]/g, ''));
      if (value.trim() !== '' && Number.isFinite(n)) this.numbers.push(n);
      // A JSON tool result kept as text: look inside.
      if (/^\s*[[{]/.test(value)) {
        try {
          this.collect(JSON.parse(value));
        } catch {
          /* not JSON: its VINs and number were taken above */
        }
      }
    } else if (Array.isArray(value)) value.forEach((v) => this.collect(v));
    else if (value && typeof value === 'object') Object.values(value).forEach((v) => this.collect(v));
  }

  hasVin(vin: string): boolean {
    return this.vins.has(vin.toUpperCase());
  }

  hasNumber(n: number): boolean {
    return this.numbers.some((m) => Math.abs(m - n) < 0.005 || Math.abs(Math.round(m) - n) < 0.005);
  }
}

function toNumber(text: string): number {
  return Number(text.replace(/,/g, ''));
}

export function groundingViolations(sentence: string, evidence: ToolEvidence): GroundingViolation[] {
  const violations: GroundingViolation[] = [];
  for (const m of sentence.matchAll(VIN)) {
    // A 17-character run of letters only is a word, not a VIN.
    if (/\d/.test(m[0]) && !evidence.hasVin(m[0])) violations.push({ kind: 'vin', value: m[0] });
  }
  for (const m of sentence.matchAll(PRICE)) {
    const amount = toNumber(m[1] ?? m[3]) * (m[2] ? 1000 : 1);
    if (!evidence.hasNumber(amount)) violations.push({ kind: 'price', value: m[0].trim() });
  }
  for (const m of sentence.matchAll(COUNT)) {
    const n = toNumber(m[1]);
    // Model years and single-digit counts of people ("2 of our staff") are not claims about stock.
    if (n >= 1900 && n <= 2100) continue;
    if (!evidence.hasNumber(n)) violations.push({ kind: 'count', value: m[0] });
  }
  return violations;
}

