import { weeklyHours } from './opening-hours';

describe(weeklyHours.name, () => {
  const hoursOf = (opening: string[], closing: string[]) => weeklyHours(opening, closing).filter((d) => d.open).map((d) => `${d.day} ${d.open}-${d.close}`);

  it('reads each pair for the days it names; a day no pair names is closed', () => {
    expect(hoursOf(['Mon-Fri 8:00', 'Sat 09:00'], ['Mon-Fri 18:00', 'Sat 16:00'])).toEqual([
      'Mon 08:00-18:00', 'Tue 08:00-18:00', 'Wed 08:00-18:00', 'Thu 08:00-18:00', 'Fri 08:00-18:00', 'Sat 09:00-16:00',
    ]);
  });

  it('leaves out pairs a profile stored before the checks that break them, instead of misreading them', () => {
    expect(hoursOf(['Mon-Fri 08:00', 'Sat 09:00'], ['Sat 16:00', 'Mon-Fri 18:00'])).toEqual([]);
    expect(hoursOf(['Mon 18:00'], ['Mon 08:00'])).toEqual([]);
    expect(hoursOf(['Mon 08:00', 'whenever'], ['Mon 17:00'])).toEqual(['Mon 08:00-17:00']);
  });
});
