import { FixedClock, wallClock } from './clock';

describe(wallClock.name, () => {
  const instant = new Date('2026-11-28T03:26:00Z');

  it('reads the day, date and 24-hour time in the zone', () => {
    expect(wallClock(instant, 'America/Toronto')).toEqual({ day: 'Fri', date: '2026-11-27', time: '22:26', time_zone: 'America/Toronto' });
    expect(wallClock(instant, 'Asia/Tokyo')).toEqual({ day: 'Sat', date: '2026-11-28', time: '12:26', time_zone: 'Asia/Tokyo' });
    expect(wallClock(new Date('2026-11-28T05:00:00Z'), 'America/Toronto').time).toBe('00:00');
  });

  it('reads in UTC, and says so, without a zone or with one that is not a zone', () => {
    expect(wallClock(instant, '')).toEqual({ day: 'Sat', date: '2026-11-28', time: '03:26', time_zone: 'UTC' });
    expect(wallClock(instant, 'Mars/Olympus_Mons')).toEqual({ day: 'Sat', date: '2026-11-28', time: '03:26', time_zone: 'UTC' });
  });
});

describe(FixedClock.name, () => {
  it('always reads the same instant, which callers cannot move', () => {
    const clock = new FixedClock(new Date('2026-11-27T17:26:00Z'));
    clock.now().setFullYear(2000);
    expect(clock.now().toISOString()).toBe('2026-11-27T17:26:00.000Z');
  });
});
