import { Contact } from './conversation';
import { planContactUpsert } from './contact-upsert';

const at = new Date('2025-01-01T00:00:00Z');
const now = new Date('2025-02-01T00:00:00Z');
const contact = (over: Partial<Contact>): Contact => ({
  id: 'c1', dealerId: 'd', phone: null, email: null, fullName: '', firstName: '', lastName: '', createdAt: at, updatedAt: at, ...over,
});
const plan = (details: Parameters<typeof planContactUpsert>[0]['details'], byPhone: Contact | null = null, byEmail: Contact | null = null, keyBy?: 'phone' | 'email') =>
  planContactUpsert({ dealerId: 'd', details, byPhone, byEmail, newId: 'new', now, keyBy });

describe(planContactUpsert.name, () => {
  it('creates a contact when neither the phone nor the email is known', () => {
    expect(plan({ phone: '+14165550101', email: 'A@Example.com', fullName: ' Ana ' })).toEqual({
      action: 'insert',
      contact: contact({ id: 'new', phone: '+14165550101', email: 'a@example.com', fullName: 'Ana', createdAt: now, updatedAt: now }),
    });
  });

  it('uses the contact of a known phone and adds the email and names given', () => {
    const ana = contact({ phone: '+14165550101' });
    expect(plan({ phone: '+14165550101', email: 'ana@example.com', firstName: 'Ana' }, ana)).toEqual({
      action: 'update', contact: { ...ana, email: 'ana@example.com', firstName: 'Ana', updatedAt: now },
    });
  });

  it('lets new first or last names given without a full name replace the stored full name (shown as the parts)', () => {
    const ana = contact({ phone: '+14165550101', fullName: 'Ana Ruiz', firstName: 'Ana', lastName: 'Ruiz' });
    expect(plan({ phone: '+14165550101', firstName: 'Ana', lastName: 'Ruiz-Lopez' }, ana)).toEqual({
      action: 'update', contact: { ...ana, fullName: '', lastName: 'Ruiz-Lopez', updatedAt: now },
    });
    expect(plan({ phone: '+14165550101', firstName: 'Ana', lastName: 'Ruiz' }, ana)).toEqual({ action: 'none', contact: ana });
    // A first name alone does not make a whole name: the stored full name stays.
    const named = contact({ phone: '+14165550101', fullName: 'Ana Ruiz' });
    expect(plan({ phone: '+14165550101', firstName: 'Ana' }, named)).toEqual({ action: 'update', contact: { ...named, firstName: 'Ana', updatedAt: now } });
  });

  it('changes nothing when nothing differs, and blank names never erase stored ones', () => {
    const ana = contact({ phone: '+14165550101', email: 'ana@example.com', fullName: 'Ana Ruiz' });
    expect(plan({ phone: '+14165550101', email: 'ANA@example.com', fullName: '  ' }, ana, ana)).toEqual({ action: 'none', contact: ana });
  });

  it('leaves an email owned by another contact with that contact', () => {
    const byPhone = contact({ id: 'p', phone: '+14165550101' });
    const byEmail = contact({ id: 'e', email: 'shared@example.com' });
    expect(plan({ phone: '+14165550101', email: 'shared@example.com' }, byPhone, byEmail)).toEqual({ action: 'none', contact: byPhone });
  });

  it('gives an unknown phone to the email contact that has no phone yet', () => {
    const byEmail = contact({ id: 'e', email: 'ana@example.com' });
    expect(plan({ phone: '+14165550101', email: 'ana@example.com' }, null, byEmail)).toEqual({
      action: 'update', contact: { ...byEmail, phone: '+14165550101', updatedAt: now },
    });
  });

  it('makes a new contact for an unknown phone when the email contact has another phone, without the taken email', () => {
    const byEmail = contact({ id: 'e', email: 'ana@example.com', phone: '+14165550199' });
    expect(plan({ phone: '+14165550101', email: 'ana@example.com' }, null, byEmail)).toMatchObject({
      action: 'insert', contact: { id: 'new', phone: '+14165550101', email: null },
    });
  });

  it('uses the email contact when no phone is given', () => {
    const byEmail = contact({ id: 'e', email: 'ana@example.com', phone: '+14165550199' });
    expect(plan({ email: 'ana@example.com', lastName: 'Ruiz' }, null, byEmail)).toEqual({ action: 'update', contact: { ...byEmail, lastName: 'Ruiz', updatedAt: now } });
  });

  describe('keyed by email (the email channel)', () => {
    it('uses the contact of a known email even when another contact owns the phone, and leaves the phone with its owner', () => {
      const byPhone = contact({ id: 'p', phone: '+14165550101', email: 'ana@example.com' });
      const byEmail = contact({ id: 'e', email: 'ben@example.com' });
      expect(plan({ phone: '+14165550101', email: 'Ben@Example.com' }, byPhone, byEmail, 'email')).toEqual({ action: 'none', contact: byEmail });
      // Keyed by phone (sms), the same details are the phone's contact.
      expect(plan({ phone: '+14165550101', email: 'ben@example.com' }, byPhone, byEmail, 'phone')).toEqual({ action: 'none', contact: byPhone });
    });

    it('gives a free phone to the email contact (replacing its old one)', () => {
      const byEmail = contact({ id: 'e', email: 'ben@example.com', phone: '+14165550199' });
      expect(plan({ phone: '+14165550101', email: 'ben@example.com' }, null, byEmail, 'email')).toEqual({
        action: 'update', contact: { ...byEmail, phone: '+14165550101', updatedAt: now },
      });
    });

    it('an unknown email goes to the phone contact, which then owns it', () => {
      const byPhone = contact({ id: 'p', phone: '+14165550101', email: 'old@example.com' });
      expect(plan({ phone: '+14165550101', email: 'new@example.com' }, byPhone, null, 'email')).toEqual({
        action: 'update', contact: { ...byPhone, email: 'new@example.com', updatedAt: now },
      });
      expect(plan({ email: 'new@example.com' }, null, null, 'email')).toMatchObject({ action: 'insert', contact: { email: 'new@example.com', phone: null } });
    });
  });

  it('always returns a contact that owns the address of the key it was given', () => {
    const people = [null, contact({ id: 'a', phone: '+14165550101' }), contact({ id: 'b', email: 'b@example.com' }), contact({ id: 'c', phone: '+14165550103', email: 'c@example.com' })];
    const phones = [null, '+14165550101', '+14165550103', '+14165550109'];
    const emails = [null, 'b@example.com', 'c@example.com', 'z@example.com'];
    for (const keyBy of ['phone', 'email'] as const) {
      for (const phone of phones) {
        for (const email of emails) {
          if (!phone && !email) continue;
          const byPhone = people.find((p) => p && phone && p.phone === phone) ?? null;
          const byEmail = people.find((p) => p && email && p.email === email) ?? null;
          const { contact: result } = plan({ phone, email }, byPhone, byEmail, keyBy);
          const wanted = keyBy === 'email' ? email : phone;
          if (wanted) expect({ keyBy, phone, email, owns: result[keyBy] }).toEqual({ keyBy, phone, email, owns: wanted });
        }
      }
    }
  });
});
