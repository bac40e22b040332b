import { findPhoneNumbersInText, isSupportedCountry } from 'libphonenumber-js/max';
import { Prospect } from './hand-off';

const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/;
/** "my name is Ana Ruiz", "this is Ana", "I'm Ana Ruiz," — a capitalised name after it. */
const NAME = /\b(?:my name is|my name's|this is|name:)\s+([A-Z][a-z'-]+(?:\s+[A-Z][a-z'-]+){0,2})/;

/**
 * Who the customer is, from what they wrote in the thread (most recent first): the last email
 * address, phone number (read with the dealership's country for national formats) and name they
 * gave. Unknown parts stay null.
 */
export function prospectFrom(customerTexts: readonly string[], region: string): Prospect {
  const prospect: Prospect = { fullName: null, email: null, phone: null };
  const country = isSupportedCountry(region) ? region : undefined;
  for (const text of [...customerTexts].reverse()) {
    prospect.email ??= text.match(EMAIL)?.[0] ?? null;
    prospect.fullName ??= text.match(NAME)?.[1] ?? null;
    if (!prospect.phone) {
      const found = findPhoneNumbersInText(text, country ? { defaultCountry: country } : undefined).find((p) => p.number.isValid());
      prospect.phone = found?.number.number ?? null;
    }
  }
  return prospect;
}
