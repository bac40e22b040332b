import type { ValueTransformer } from 'typeorm';

/** MySQL returns DECIMAL as a string; both dialects give a number to the application. */
export const decimalAsNumber: ValueTransformer = {
  to: (value: number | null) => value,
  from: (value: string | number | null) => (value === null || value === undefined ? null : Number(value)),
};
