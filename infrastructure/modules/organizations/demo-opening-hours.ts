import type { OpeningHours, TimeRange } from '../../../domain/organizations/organization/opening-hours.js';

/** The demo stores' opening hours (the storefront's /stores shows them), by `<account>:<organization key>`. */
const range = (opens: string, closes: string): TimeRange => ({ opens, closes });
const week = (weekdays: TimeRange[], saturday: TimeRange[], sunday: TimeRange[] = []): OpeningHours => ({
  monday: weekdays,
  tuesday: weekdays,
  wednesday: weekdays,
  thursday: weekdays,
  friday: weekdays,
  saturday,
  sunday,
});

export const DEMO_OPENING_HOURS: ReadonlyMap<string, OpeningHours> = new Map([
  ['demo:store-paris', week([range('10:00', '20:00')], [range('10:00', '20:00')], [range('11:00', '19:00')])],
  ['demo:store-lyon', week([range('09:30', '19:30')], [range('09:30', '19:30')])],
  ['demo:store-nantes', week([range('09:30', '12:30'), range('14:00', '19:00')], [range('09:30', '19:00')])],
  ['demo:store-rennes', { ...week([range('10:00', '19:00')], [range('10:00', '19:00')]), monday: [range('14:00', '19:00')] }],
  ['demo:store-bordeaux', week([range('10:00', '19:30')], [range('10:00', '19:30')])],
  ['other:store-lille', week([range('09:00', '19:00')], [range('09:00', '18:00')])],
]);
