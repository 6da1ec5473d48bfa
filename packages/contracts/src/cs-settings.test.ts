import { describe, expect, it } from 'vitest';
import { businessMinutes, CS_DEFAULT_SETTINGS, csSettingsBody, inBusinessHours } from './cs-settings.ts';

// SLA clocks count business hours in the settings' time zone, net of closed days (holidays).
// 2026-11-27 is a Friday; Shanghai is UTC+8 all year.

const settings = { time_zone: 'Asia/Shanghai', hours: CS_DEFAULT_SETTINGS.hours };
const at = (iso: string) => new Date(iso);

describe('businessMinutes', () => {
  it('counts only the opening hours of working days', () => {
    // Friday 17:00 to Monday 10:00 local: one hour on Friday, one on Monday; the weekend is closed.
    expect(businessMinutes(at('2026-11-27T17:00+08:00'), at('2026-11-30T10:00+08:00'), settings)).toBe(120);
    // Within one open stretch.
    expect(businessMinutes(at('2026-11-30T09:15+08:00'), at('2026-11-30T09:45+08:00'), settings)).toBe(30);
    // Saturday night to Monday 09:30: only Monday's first half hour.
    expect(businessMinutes(at('2026-11-28T03:00+08:00'), at('2026-11-30T09:30+08:00'), settings)).toBe(30);
    // Entirely in closed hours.
    expect(businessMinutes(at('2026-11-30T19:00+08:00'), at('2026-12-01T08:59+08:00'), settings)).toBe(0);
    // Backwards or equal: nothing.
    expect(businessMinutes(at('2026-11-30T12:00+08:00'), at('2026-11-30T11:00+08:00'), settings)).toBe(0);
  });

  it('skips holidays of the calendar', () => {
    const closed = new Set(['2026-11-30']);
    // Monday is a holiday: Friday's hour and Tuesday's first hour.
    expect(
      businessMinutes(at('2026-11-27T17:00+08:00'), at('2026-12-01T10:00+08:00'), settings, closed),
    ).toBe(120);
    expect(
      businessMinutes(at('2026-11-30T09:00+08:00'), at('2026-11-30T18:00+08:00'), settings, closed),
    ).toBe(0);
    expect(inBusinessHours(at('2026-11-30T10:00+08:00'), settings)).toBe(true);
    expect(inBusinessHours(at('2026-11-30T10:00+08:00'), settings, closed)).toBe(false);
    expect(inBusinessHours(at('2026-11-28T10:00+08:00'), settings)).toBe(false);
    expect(inBusinessHours(at('2026-11-30T18:00+08:00'), settings)).toBe(false);
  });

  it('follows the local clock across a daylight-saving change', () => {
    const allDay = { open: true, from: '00:00', to: '24:00' };
    const berlin = { time_zone: 'Europe/Berlin', hours: Array.from({ length: 7 }, () => allDay) };
    // 29 March 2026: Berlin's clocks go forward, the day has 23 hours.
    expect(businessMinutes(at('2026-03-29T00:00+01:00'), at('2026-03-30T00:00+02:00'), berlin)).toBe(23 * 60);
  });
});

describe('csSettingsBody', () => {
  it('refuses an unknown time zone, a closing before the opening and out-of-range numbers', () => {
    const good = { ...CS_DEFAULT_SETTINGS, version: 1 };
    expect(csSettingsBody.safeParse(good).success).toBe(true);
    expect(csSettingsBody.safeParse({ ...good, time_zone: 'Mars/Base' }).success).toBe(false);
    const hours = [...good.hours];
    hours[1] = { open: true, from: '18:00', to: '09:00' };
    expect(csSettingsBody.safeParse({ ...good, hours }).success).toBe(false);
    expect(csSettingsBody.safeParse({ ...good, sla_first_reply_minutes: 2 ** 31 }).success).toBe(false);
    expect(csSettingsBody.safeParse({ ...good, offline_message: 'a\u0000b' }).success).toBe(false);
  });
});
