import { AddressKind, Contact, normaliseEmail } from './conversation';

export interface ContactDetails {
  /** E.164, already normalised. */
  phone?: string | null;
  email?: string | null;
  fullName?: string | null;
  firstName?: string | null;
  lastName?: string | null;
}

export type ContactPlan = { action: 'insert' | 'update'; contact: Contact } | { action: 'none'; contact: Contact };

/**
 * Which contact the details belong to, and what changes (decisions.md 10: keyed by dealership +
 * phone, else + email). `keyBy` is the address the message goes to (`email` on the email channel,
 * else `phone`); the contact returned always owns that address when it is given, so a message is
 * filed under, and delivered to, the contact whose address the caller named for the channel:
 * - keyed by email, a known email is that contact; the phone is added to it unless another contact
 *   owns it. An unknown email follows the phone rules below (and always ends on the contact);
 * - a known phone is that contact; the email is added to it unless another contact owns it;
 * - an unknown phone adopts the contact of the email when that one has no phone yet, else it is a
 *   new contact (which gets the email only if nobody owns it);
 * - without a phone the email's contact, or a new one.
 * A free address given replaces the contact's previous one. Names given (non-blank) replace the stored ones.
 */
export function planContactUpsert(input: {
  dealerId: string;
  details: ContactDetails;
  byPhone: Contact | null;
  byEmail: Contact | null;
  newId: string;
  now: Date;
  /** Default `phone`. */
  keyBy?: AddressKind;
}): ContactPlan {
  const { dealerId, details, byPhone, byEmail, newId, now } = input;
  const phone = details.phone || null;
  const email = details.email ? normaliseEmail(details.email) : null;
  const emailIsFree = (owner: Contact) => !byEmail || byEmail.id === owner.id;
  const phoneIsFree = (owner: Contact) => !byPhone || byPhone.id === owner.id;

  let base: Contact | null;
  let changes: Partial<Contact> = {};
  if (input.keyBy === 'email' && byEmail) {
    base = byEmail;
    if (phone && phone !== byEmail.phone && phoneIsFree(byEmail)) changes.phone = phone;
  } else if (byPhone) {
    base = byPhone;
    if (email && email !== byPhone.email && emailIsFree(byPhone)) changes.email = email;
  } else if (phone && byEmail && !byEmail.phone) {
    base = byEmail;
    changes.phone = phone;
  } else if (!phone && byEmail) {
    base = byEmail;
  } else {
    base = null;
  }
  for (const [key, value] of [['fullName', details.fullName], ['firstName', details.firstName], ['lastName', details.lastName]] as const) {
    const v = value?.trim();
    if (v && (!base || base[key] !== v)) changes[key] = v;
  }
  // A new first or last name without a full name: a stored full name would hide it, so the shown name becomes
  // the parts, when they make a whole name ("Ana" alone must not replace "Ana Ruiz").
  const first = changes.firstName ?? base?.firstName;
  const last = changes.lastName ?? base?.lastName;
  if (base?.fullName && !details.fullName?.trim() && (changes.firstName !== undefined || changes.lastName !== undefined) && first && last) changes.fullName = '';

  if (!base) {
    const contact: Contact = {
      id: newId, dealerId, phone, email: email && !byEmail ? email : null,
      fullName: changes.fullName ?? '', firstName: changes.firstName ?? '', lastName: changes.lastName ?? '',
      createdAt: now, updatedAt: now,
    };
    return { action: 'insert', contact };
  }
  changes = Object.fromEntries(Object.entries(changes).filter(([k, v]) => base[k as keyof Contact] !== v));
  if (Object.keys(changes).length === 0) return { action: 'none', contact: base };
  return { action: 'update', contact: { ...base, ...changes, updatedAt: now } };
}
