import { FieldError } from '../../../../libs/common/errors/domain-error';
import { normaliseEmail } from '../../../../libs/common/contact/contact-address';
import { toE164 } from './phone-number';

export const ENGAGEMENT_CHANNELS = ['sms', 'email'] as const;
export type EngagementChannel = (typeof ENGAGEMENT_CHANNELS)[number];
export const MAX_MESSAGE_LENGTH = 1600;

/** `POST /api/v1/ailm/engage` as the client sent it (decisions.md 10), shape already checked. */
export interface EngageCommand {
  contact: { fullName?: string | null; firstName?: string | null; lastName?: string | null; email?: string | null; phone?: string | null };
  message: string;
  channel?: EngagementChannel | null;
  subject?: string | null;
}

/** What will be recorded and delivered: the phone in E.164, the email lower-cased, the channel decided. */
export interface EngagementPlan {
  channel: EngagementChannel;
  contact: { fullName: string | null; firstName: string | null; lastName: string | null; email: string | null; phone: string | null };
  message: string;
  subject: string | null;
}

/**
 * The rules of decisions.md 10: at least one of email and phone; the phone valid for the
 * dealership's country (or international); channel sms by default when there is a phone, else
 * email; sms needs a phone and email needs an email.
 */
export function planEngagement(command: EngageCommand, region: string): { plan: EngagementPlan } | { problems: FieldError[] } {
  const problems: FieldError[] = [];
  const blankToNull = (v: string | null | undefined) => (v && v.trim() ? v.trim() : null);
  const rawPhone = blankToNull(command.contact.phone);
  const rawEmail = blankToNull(command.contact.email);
  const email = rawEmail ? normaliseEmail(rawEmail) : null;

  let phone: string | null = null;
  if (rawPhone) {
    phone = toE164(rawPhone, region);
    if (!phone) problems.push({ field: 'contact.phone', errors: [`contact.phone is not a valid phone number (read with default country ${region}); E.164 such as +14165550123 always works`] });
  }
  if (!rawPhone && !email) problems.push({ field: 'contact', errors: ['contact must have an email or a phone'] });

  const channel: EngagementChannel = command.channel ?? (rawPhone ? 'sms' : 'email');
  if (channel === 'sms' && !rawPhone && email) problems.push({ field: 'channel', errors: ['channel sms needs contact.phone'] });
  if (channel === 'email' && !email && rawPhone) problems.push({ field: 'channel', errors: ['channel email needs contact.email'] });

  const message = command.message.trim();
  if (!message) problems.push({ field: 'message', errors: ['message must not be blank'] });

  if (problems.length) return { problems };
  return {
    plan: {
      channel,
      contact: {
        fullName: blankToNull(command.contact.fullName), firstName: blankToNull(command.contact.firstName), lastName: blankToNull(command.contact.lastName),
        email, phone,
      },
      message: command.message,
      subject: blankToNull(command.subject),
    },
  };
}

const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,255}$/;

/** Idempotency keys are 1 to 255 visible ASCII characters (no spaces), compared exactly. */
export function idempotencyKeyProblem(key: string): FieldError | null {
  return IDEMPOTENCY_KEY.test(key) ? null : { field: 'Idempotency-Key', errors: ['Idempotency-Key must be 1 to 255 visible ASCII characters'] };
}

/** A repeat within this window is a no-op. */
export const IDEMPOTENCY_WINDOW_MS = 24 * 3600 * 1000;
