import { describe, expect, it } from 'vitest';
import { addWorkingDays, easterSunday, frenchPublicHolidays, isWorkingDay, paymentDueDate } from './working-days.js';

describe('Given the French public holidays', () => {
  it('when Easter is computed for known years, then it falls on the published Sundays', () => {
    expect([2019, 2024, 2025, 2026, 2027, 2038].map(easterSunday)).toEqual(['2019-04-21', '2024-03-31', '2025-04-20', '2026-04-05', '2027-03-28', '2038-04-25']);
  });

  it('when the holidays of 2026 are listed, then the movable ones follow Easter: Easter Monday, Ascension, Whit Monday', () => {
    expect(frenchPublicHolidays(2026)).toEqual([
      '2026-01-01', '2026-04-06', '2026-05-01', '2026-05-08', '2026-05-14', '2026-05-25',
      '2026-07-14', '2026-08-15', '2026-11-01', '2026-11-11', '2026-12-25',
    ]);
  });

  it('when the holidays of 2024 are listed, then Ascension and Whit Monday are those of that year', () => {
    expect(frenchPublicHolidays(2024)).toEqual(expect.arrayContaining(['2024-04-01', '2024-05-09', '2024-05-20']));
    expect(frenchPublicHolidays(2024)).toHaveLength(11);
  });

  it('when a day is a weekend or a holiday, then it is no working day', () => {
    expect(isWorkingDay('2026-11-28')).toBe(false); // Saturday
    expect(isWorkingDay('2026-11-29')).toBe(false); // Sunday
    expect(isWorkingDay('2026-11-11')).toBe(false); // Armistice, a Wednesday
    expect(isWorkingDay('2026-11-26')).toBe(true); // Thursday
  });
});

describe('Given a price accepted', () => {
  it('when accepted on an ordinary Thursday, then it is paid by the Thursday after (the weekend not counted)', () => {
    expect(paymentDueDate('2026-11-26')).toBe('2026-12-03');
  });

  it('when accepted on a Saturday, then the five days start on Monday', () => {
    expect(paymentDueDate('2026-11-28')).toBe('2026-12-04');
  });

  it('when 8 May and Ascension fall in the delay (2026), then both are skipped', () => {
    expect(paymentDueDate('2026-05-07')).toBe('2026-05-18');
  });

  it('when Easter Monday follows the acceptance (2025), then it is skipped', () => {
    expect(paymentDueDate('2025-04-18')).toBe('2025-04-28');
  });

  it('when Christmas and New Year fall in the delay, then both are skipped across the year end', () => {
    expect(paymentDueDate('2026-12-22')).toBe('2026-12-30');
    expect(paymentDueDate('2025-12-29')).toBe('2026-01-06');
  });

  it('when no day is asked, then it is the same day; a date that does not exist is refused', () => {
    expect(addWorkingDays('2026-11-26', 0)).toBe('2026-11-26');
    expect(() => paymentDueDate('2026-02-30')).toThrow(RangeError);
  });
});
