import { parseIsoDateTime } from './query-date-time';

describe(parseIsoDateTime.name, () => {
  it.each([
    ['2024-05-01T10:20:30Z', '2024-05-01T10:20:30.000Z'],
    ['2024-05-01T10:20:30.123Z', '2024-05-01T10:20:30.123Z'],
    ['2024-05-01T10:20:30.123456Z', '2024-05-01T10:20:30.123Z'],
    ['2024-05-01T10:20:30', '2024-05-01T10:20:30.000Z'],
    ['2024-05-01T10:20', '2024-05-01T10:20:00.000Z'],
    ['2024-05-01T12:20:30+02:00', '2024-05-01T10:20:30.000Z'],
    ['2024-05-01T12:20:30 02:00', '2024-05-01T10:20:30.000Z'],
    ['2024-05-01T05:20:30-0500', '2024-05-01T10:20:30.000Z'],
    ['2024-05-01', '2024-05-01T00:00:00.000Z'],
    ['2024-02-29', '2024-02-29T00:00:00.000Z'],
  ])('%s -> %s', (text, iso) => {
    expect(parseIsoDateTime(text)?.toISOString()).toBe(iso);
  });

  it('reads a date alone as the last millisecond of the day for an upper bound', () => {
    expect(parseIsoDateTime('2024-05-01', 'end')?.toISOString()).toBe('2024-05-01T23:59:59.999Z');
    expect(parseIsoDateTime('2024-05-01T10:00:00Z', 'end')?.toISOString()).toBe('2024-05-01T10:00:00.000Z');
  });

  it.each(['', 'yesterday', '2024-13-01', '2023-02-29', '2024-04-31', '2024-05-01T24:00:00Z', '2024-05-01T10:60Z', '1714557600', '2024-05-01T10:00:00+15:00', '2024-5-1'])(
    'refuses %j',
    (text) => expect(parseIsoDateTime(text)).toBeNull(),
  );
});
