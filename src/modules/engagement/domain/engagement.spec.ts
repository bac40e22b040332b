import { idempotencyKeyProblem, planEngagement } from './engagement';

describe(planEngagement.name, () => {
  const plan = (contact: Record<string, string | null>, extra: Record<string, unknown> = {}) =>
    planEngagement({ contact, message: 'Hello', ...extra }, 'CA');

  it('normalises the phone to E.164 with the dealership country and lower-cases the email', () => {
    expect(plan({ phone: '(416) 555-0101', email: ' Ana@Example.COM ' })).toEqual({
      plan: {
        channel: 'sms', message: 'Hello', subject: null,
        contact: { fullName: null, firstName: null, lastName: null, email: 'ana@example.com', phone: '+14165550101' },
      },
    });
  });

  it('defaults the channel to sms with a phone, else email', () => {
    expect(plan({ phone: '+14165550101' })).toMatchObject({ plan: { channel: 'sms' } });
    expect(plan({ email: 'a@example.com' })).toMatchObject({ plan: { channel: 'email' } });
    expect(plan({ phone: '+14165550101', email: 'a@example.com' }, { channel: 'email' })).toMatchObject({ plan: { channel: 'email' } });
  });

  it('lists every problem', () => {
    expect(plan({})).toEqual({ problems: [{ field: 'contact', errors: [expect.any(String)] }] });
    expect(plan({ phone: '12' })).toEqual({ problems: [{ field: 'contact.phone', errors: [expect.stringContaining('CA')] }] });
    expect(plan({ email: 'a@example.com' }, { channel: 'sms' })).toEqual({ problems: [{ field: 'channel', errors: ['channel sms needs contact.phone'] }] });
    expect(plan({ phone: '+14165550101' }, { channel: 'email' })).toEqual({ problems: [{ field: 'channel', errors: ['channel email needs contact.email'] }] });
    expect(plan({ phone: '+14165550101' }, { message: '   ' })).toEqual({ problems: [{ field: 'message', errors: ['message must not be blank'] }] });
  });
});

describe(idempotencyKeyProblem.name, () => {
  it('accepts visible ASCII up to 255 characters', () => {
    expect(idempotencyKeyProblem('order-123_ABC:x')).toBeNull();
    expect(idempotencyKeyProblem('k'.repeat(255))).toBeNull();
  });
  it.each(['', 'has space', 'k'.repeat(256), 'clé'])('refuses %j', (key) => expect(idempotencyKeyProblem(key)).not.toBeNull());
});
