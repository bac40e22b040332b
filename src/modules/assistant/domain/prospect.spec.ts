import { prospectFrom } from './prospect';

describe(prospectFrom.name, () => {
  it('reads the email, phone and name the customer gave, the latest first', () => {
    expect(prospectFrom(['Hi, my name is Ana Ruiz', 'call me at (416) 555-0199 or ana.ruiz@example.com', 'actually use ana@work.example'], 'CA'))
      .toEqual({ fullName: 'Ana Ruiz', email: 'ana@work.example', phone: '+14165550199' });
  });

  it('leaves what the thread does not say null (a model year or a price is no phone)', () => {
    expect(prospectFrom(['would you take 22,000 for the 2021 civic?'], 'US')).toEqual({ fullName: null, email: null, phone: null });
  });
});
