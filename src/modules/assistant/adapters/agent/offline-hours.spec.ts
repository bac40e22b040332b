import { composeAnswer, planTools } from './offline-answers';
import { asksToVisitAt, sayHours } from './offline-hours';

const weekday = { open: '08:30', close: '19:00' };
const hours = [
  { day: 'Mon', ...weekday }, { day: 'Tue', ...weekday }, { day: 'Wed', ...weekday }, { day: 'Thu', ...weekday }, { day: 'Fri', ...weekday },
  { day: 'Sat', open: '10:00', close: '17:00' }, { day: 'Sun', open: null, close: null },
];
/** A dealership_info result read at `day` `time` in Toronto. */
const at = (day: string, time: string) => ({
  name: 'Acme Motors', time_zone: 'America/Toronto', hours, phones: [], emails: [],
  now: { day, date: '2026-11-27', time, time_zone: 'America/Toronto' },
});
const friNoon = at('Fri', '12:26');

describe(sayHours.name, () => {
  it('answers "now" from the clock: open until closing, or closed with the next opening', () => {
    expect(sayHours(friNoon, 'are you open now?')).toBe("Yes, we're open now: today (Fri) we're open until 19:00 (America/Toronto time).");
    expect(sayHours(friNoon, 'u open rn')).toBe("Yes, we're open now: today (Fri) we're open until 19:00 (America/Toronto time).");
    expect(sayHours(at('Sun', '11:00'), 'Are you open right now?')).toBe("We're closed right now: today (Sun) we're closed; we open Mon at 08:30 (America/Toronto time).");
    expect(sayHours(at('Fri', '20:15'), 'still open tonight?')).toBe("We're closed right now: today (Fri) we closed at 19:00; we open Sat at 10:00 (America/Toronto time).");
    expect(sayHours(at('Sat', '07:45'), 'are you open now')).toBe("We're closed right now: today (Sat) we open at 10:00 and close at 17:00 (America/Toronto time).");
  });

  it('reads today and tomorrow, in their chat spellings too, as the days the clock makes of them', () => {
    expect(sayHours(friNoon, 'what time do you close today')).toBe('Today (Fri) we close at 19:00 (America/Toronto time).');
    expect(sayHours(friNoon, 'r u open 2day')).toBe("Today (Fri) we're open 08:30-19:00 (America/Toronto time).");
    expect(sayHours(friNoon, 'r u open tmrw morning')).toBe("Tomorrow (Sat) we're open 10:00-17:00 (America/Toronto time).");
    expect(sayHours(friNoon, 'what time do u open tomorrow then')).toBe("Tomorrow (Sat) we're open 10:00-17:00 (America/Toronto time).");
    expect(sayHours(at('Sat', '09:00'), 'open tmr?')).toBe("Tomorrow (Sun) we're closed; we open Mon at 08:30 (America/Toronto time).");
    // Sunday's tomorrow is Monday: the week wraps.
    expect(sayHours(at('Sun', '09:00'), 'are you open tomorrow?')).toBe("Tomorrow (Mon) we're open 08:30-19:00 (America/Toronto time).");
    expect(sayHours(at('Fri', '19:30'), 'what time do you close tonite')).toBe('Today (Fri) we closed at 19:00; we open Sat at 10:00 (America/Toronto time).');
    expect(sayHours(friNoon, 'are you open today or on Monday?')).toBe("Today (Fri) we're open 08:30-19:00 (America/Toronto time). Mon: 08:30-19:00.");
  });

  it('says whether a time the question names is within that day\'s hours', () => {
    expect(sayHours(friNoon, 'can i swing by friday around 6:30pm')).toBe('Our hours (America/Toronto): Fri: 08:30-19:00, so 18:30 is within our hours.');
    expect(sayHours(friNoon, 'Could I stop in Saturday at 5:30 pm?')).toBe('Our hours (America/Toronto): Sat: 10:00-17:00, so 17:30 is outside our hours.');
    expect(sayHours(friNoon, 'can I come by tonight at 7')).toBe("Today (Fri) we're open 08:30-19:00, so 19:00 is outside our hours (America/Toronto time).");
    expect(sayHours(friNoon, 'can I come in tomorrow at noon?')).toBe("Tomorrow (Sat) we're open 10:00-17:00, so 12:00 is within our hours (America/Toronto time).");
    expect(sayHours(friNoon, 'can I drop by at 18:45?')).toBe("Today (Fri) we're open 08:30-19:00, so 18:45 is within our hours (America/Toronto time).");
    // "6:30" could be morning or evening: the hours, no verdict.
    expect(sayHours(friNoon, 'can i swing by friday around 6:30')).toBe('Our hours (America/Toronto): Fri: 08:30-19:00.');
  });

  it('keeps the week or the named days when the question is not about the clock', () => {
    expect(sayHours(friNoon, 'Are you open on Sunday?')).toBe('Our hours (America/Toronto): Sun: closed.');
    expect(sayHours(friNoon, 'What are your opening hours?')).toMatch(/^Our hours \(America\/Toronto\): Mon: 08:30-19:00; .*; Sun: closed\.$/);
    // "still open on Sundays" asks about Sundays, not the present.
    expect(sayHours(friNoon, 'are you still open on sundays?')).toBe('Our hours (America/Toronto): Sun: closed.');
  });

  it('falls back to the week without the clock, and says the day was read in UTC without a zone', () => {
    const { now: _, ...old } = friNoon;
    expect(sayHours(old, 'are you open now?')).toMatch(/^Our hours \(America\/Toronto\): Mon: 08:30-19:00; .*; Sun: closed\.$/);
    const noZone = { ...friNoon, time_zone: null, now: { ...friNoon.now, time_zone: 'UTC' } };
    expect(sayHours(noZone, 'are you open now?')).toBe("Yes, we're open now: today (Fri) we're open until 19:00 (by UTC: our time zone is not on file).");
    expect(sayHours({ ...friNoon, hours: hours.map((h) => ({ ...h, open: null, close: null })) }, 'open now?'))
      .toBe('Acme Motors has not published its opening hours; please contact us to ask.');
  });
});

describe(asksToVisitAt.name, () => {
  it('is a visit with a day or a time of day, not a visit alone', () => {
    expect(asksToVisitAt('can i swing by friday around 6:30pm')).toBe(true);
    expect(asksToVisitAt('ok if I pop in tmrw?')).toBe(true);
    expect(asksToVisitAt('can I come by at 5pm')).toBe(true);
    expect(asksToVisitAt('can I come by and see the Civic?')).toBe(false);
    expect(asksToVisitAt('Friday at 6pm works')).toBe(false);
  });

  it('makes the planner look the hours up and the reply say them', () => {
    expect(planTools('can i swing by friday around 6:30pm')).toEqual([{ name: 'dealership_info', args: {} }]);
    expect(composeAnswer('can i swing by friday around 6:30pm', [{ name: 'dealership_info', result: friNoon }]))
      .toBe('Our hours (America/Toronto): Fri: 08:30-19:00, so 18:30 is within our hours.');
    expect(composeAnswer('r u open tmrw morning', [{ name: 'dealership_info', result: friNoon }])).toBe("Tomorrow (Sat) we're open 10:00-17:00 (America/Toronto time).");
  });
});
