import { FieldError } from '../../../../libs/common/errors/domain-error';
import { slugify, unrepresentableCharacters } from '../../../../libs/common/slug/slug';
import { isRegionCode } from '../../../../libs/common/region/region';
import { InvalidNotificationError, MalformedNotificationError } from './partner-integration.errors';

/** The integration a partner's notification records (`integration_configs.key`). */
export const PARTNER_CREDIT_APPLICATION = 'partner-credit-application';

/**
 * Region of a dealership the webhook creates when the body names none (spec 4.8 shows no such
 * field): the same default as `dealer create`. An existing dealership's region is never changed.
 */
export const DEFAULT_REGION = 'US';

/** `api-version` values this endpoint speaks; absent means the current one. */
export const SUPPORTED_API_VERSIONS: readonly string[] = ['1', '1.0'];

const NAME_MAX = 200;
const DEALER_ID_MAX = 100;
const SUBSCRIPTION_ID_MAX = 200;
/** Body fields read as the region, first match wins; other spellings are unknown fields. */
const REGION_FIELDS = ['region', 'country', 'countryCode'];
const SUBSCRIPTION_FIELDS = ['subscriptionId', 'subscription_id'];

/** "Retailer X enabled the integration": what the effect needs from the body. */
export interface IntegrationEnabled {
  /** As sent, without surrounding spaces: the name of a dealership the webhook creates. */
  retailerName: string;
  /** `slug(retailerName)`. */
  dealerId: string;
  /** "" when the body carries none. */
  subscriptionId: string;
  region: string;
}

export function isSupportedApiVersion(value: unknown): boolean {
  return value === undefined || (typeof value === 'string' && SUPPORTED_API_VERSIONS.includes(value));
}

/**
 * Parses the raw body. Unknown fields are accepted (the partner's format is theirs to extend);
 * only `retailerName` is required. Throws a 400-kind error: malformed (not UTF-8 JSON) or invalid.
 */
export function parseIntegrationEnabled(raw: Uint8Array): IntegrationEnabled {
  const body = decodeJson(raw);
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new InvalidNotificationError([{ field: 'body', errors: ['must be a JSON object'] }]);
  }
  const fields = body as Record<string, unknown>;
  const problems: FieldError[] = [];
  const retailer = retailerOf(fields.retailerName);
  if ('errors' in retailer) problems.push({ field: 'retailerName', errors: retailer.errors });
  const subscription = subscriptionOf(fields);
  if ('errors' in subscription) problems.push({ field: subscription.field, errors: subscription.errors });
  if ('errors' in retailer || 'errors' in subscription) throw new InvalidNotificationError(problems);

  return {
    retailerName: retailer.name,
    dealerId: retailer.dealerId,
    subscriptionId: subscription.value,
    region: regionOf(fields),
  };
}

function decodeJson(raw: Uint8Array): unknown {
  let text: string;
  try {
    // fatal: invalid UTF-8 is refused rather than turned into U+FFFD; a leading BOM is dropped.
    text = new TextDecoder('utf-8', { fatal: true }).decode(raw);
  } catch {
    throw new MalformedNotificationError('The body is not valid UTF-8');
  }
  try {
    return JSON.parse(text);
  } catch {
    throw new MalformedNotificationError();
  }
}

function retailerOf(value: unknown): { name: string; dealerId: string } | { errors: string[] } {
  if (value === undefined || value === null) return { errors: ['is required'] };
  if (typeof value !== 'string') return { errors: ['must be a string'] };
  const name = value.trim();
  if (!name) return { errors: ['must not be blank'] };
  if (name.length > NAME_MAX) return { errors: [`must be at most ${NAME_MAX} characters`] };
  // Stored as the dealership's display name: control characters (NUL included) or a lone surrogate would corrupt it.
  if (/\p{Cc}/u.test(name)) return { errors: ['must not contain control characters'] };
  if (/[\uD800-\uDFFF]/u.test(name)) return { errors: ['must not contain unpaired surrogates'] }; // with the u flag only a lone half matches
  const lost = unrepresentableCharacters(name);
  if (lost.length) {
    // Dropping them could file two retailers under one dealership.
    return { errors: [`has letters a dealer id cannot hold (${lost.join(' ')}); send the name in Latin script`] };
  }
  const dealerId = slugify(name);
  if (!dealerId) return { errors: ['must contain a letter or a digit'] };
  if (dealerId.length > DEALER_ID_MAX) return { errors: [`gives a dealer id over ${DEALER_ID_MAX} characters`] };
  return { name, dealerId };
}

function subscriptionOf(fields: Record<string, unknown>): { value: string } | { field: string; errors: string[] } {
  const field = SUBSCRIPTION_FIELDS.find((f) => fields[f] !== undefined && fields[f] !== null);
  if (!field) return { value: '' };
  const value = fields[field];
  const text = typeof value === 'string' ? value.trim() : Number.isSafeInteger(value) ? String(value) : null;
  if (text === null) return { field, errors: ['must be a string'] };
  if (text.length > SUBSCRIPTION_ID_MAX) return { field, errors: [`must be at most ${SUBSCRIPTION_ID_MAX} characters`] };
  return { value: text };
}

/** An assigned ISO 3166-1 alpha-2 code from the body, else the default; anything else there is ignored. */
function regionOf(fields: Record<string, unknown>): string {
  for (const field of REGION_FIELDS) {
    const value = fields[field];
    if (typeof value === 'string' && isRegionCode(value.trim().toUpperCase())) return value.trim().toUpperCase();
  }
  return DEFAULT_REGION;
}
