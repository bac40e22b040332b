import { isSupportedCountry, parsePhoneNumberFromString } from 'libphonenumber-js/max';

/**
 * A phone number in E.164 (`+14165550123`), read with the dealership's country as the default for
 * national formats; null when it is not a valid number. The `max` metadata validates number
 * ranges, not just lengths.
 */
export function toE164(raw: string, region: string): string | null {
  const text = raw.trim();
  if (!text || text.length > 40) return null;
  const country = isSupportedCountry(region) ? region : undefined;
  const parsed = parsePhoneNumberFromString(text, country);
  return parsed?.isValid() ? parsed.number : null;
}
