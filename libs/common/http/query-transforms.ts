import { Transform } from 'class-transformer';

/**
 * Query strings arrive as text. These transforms convert only well-formed values and leave the rest
 * as they came, so the validators reject them with a 400 instead of clamping or coercing
 * silently ("abc" must not become NaN -> 0, "yes" must not become true).
 */
export function QueryInt(): PropertyDecorator {
  return Transform(({ value }) => (typeof value === 'string' && /^-?\d{1,19}$/.test(value.trim()) ? Number(value) : value));
}

export function QueryBoolean(): PropertyDecorator {
  return Transform(({ value }) => {
    if (typeof value !== 'string') return value;
    const v = value.trim().toLowerCase();
    return v === 'true' ? true : v === 'false' ? false : value;
  });
}

/** A decimal number (`0.25`, `1`, `.5`); anything else is left for the validators to refuse. */
export function QueryNumber(): PropertyDecorator {
  return Transform(({ value }) => (typeof value === 'string' && /^-?(?:\d{1,15}(?:\.\d{0,15})?|\.\d{1,15})$/.test(value.trim()) ? Number(value) : value));
}
