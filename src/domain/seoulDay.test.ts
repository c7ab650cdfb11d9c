import { addDays, addMonths, daysBetween, seoulDate, seoulDateTime, seoulDayEnd, seoulDayStart, seoulToday, toYmd8 } from './seoulDay';

describe('Seoul days (issue 9 B16)', () => {
  it('takes the day in Seoul around midnight KST, whatever the process zone', () => {
    expect(seoulToday(new Date('2026-11-23T14:59:59.999Z'))).toBe('2026-11-23');
    expect(seoulToday(new Date('2026-11-23T15:00:00Z'))).toBe('2026-11-24');
    expect(seoulToday(new Date('2026-11-23T15:30:00Z'))).toBe('2026-11-24');
    expect(seoulToday(Date.parse('2026-12-31T15:05:00Z'))).toBe('2027-01-01');
  });

  it('formats instants as Seoul dates and times, and nothing for no time', () => {
    expect(seoulDate('2026-11-23T15:30:00Z')).toBe('2026-11-24');
    expect(seoulDateTime('2026-11-23T15:30:00Z')).toBe('2026-11-24 00:30');
    expect(seoulDateTime(new Date('2026-11-23T14:59:00Z'))).toBe('2026-11-23 23:59');
    for (const none of [null, undefined, '', 'yesterday']) {
      expect(seoulDate(none)).toBe('');
      expect(seoulDateTime(none)).toBe('');
    }
  });

  it('gives a Seoul day as the instants that bound it', () => {
    expect(seoulDayStart('2026-11-24').toISOString()).toBe('2026-11-23T15:00:00.000Z');
    expect(seoulDayEnd('2026-11-24').toISOString()).toBe('2026-11-24T15:00:00.000Z');
    expect(seoulDate(seoulDayStart('2026-11-24'))).toBe('2026-11-24');
    expect(seoulDate(seoulDayEnd('2026-11-24').getTime() - 1)).toBe('2026-11-24');
  });

  it('moves days by days and months, across month and year ends', () => {
    expect(addDays('2026-11-24', -6)).toBe('2026-11-18');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addMonths('2026-11-24', -1)).toBe('2026-10-24');
    expect(addMonths('2026-03-31', -1)).toBe('2026-02-28');
    expect(addMonths('2026-01-15', -3)).toBe('2025-10-15');
    expect(daysBetween('2026-11-24', '2026-12-08')).toBe(14);
    expect(daysBetween('2026-12-08', '2026-11-24')).toBe(-14);
  });

  it('reads YYYY-MM-DD or YYYYMMDD as YYYYMMDD when it is a real day', () => {
    expect(toYmd8('2026-02-28')).toBe('20260228');
    expect(toYmd8(' 20260228 ')).toBe('20260228');
    expect(toYmd8('20260230')).toBeNull();
    expect(toYmd8('')).toBeNull();
  });
});
