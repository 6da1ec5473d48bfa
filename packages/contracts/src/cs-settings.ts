import { z } from 'zod';
import { idField, int32, safeText, versionField } from './fields.ts';
import { holidayRegion } from './holidays.ts';
import { LANGUAGES, type Language } from './languages.ts';
import { actionPermission, seePermissionOf } from './pages.ts';
import type { ResourcePermissions } from './resource.ts';

/**
 * Service settings of a game (`/api/v1/cs/settings`, page `/service/service-settings`): business
 * hours in a time zone, the holiday calendar whose days are closed (`/offline/holidays`),
 * auto-resolve, the satisfaction survey on resolve, the assignment mode, the offline message and
 * the SLA targets (first reply, resolution), counted in business hours net of holidays. Teams
 * (`/api/v1/cs/teams`) group agents by the languages they serve: a conversation in a team's
 * language goes round robin to the team's agents with room first.
 */

function permissionsOf(page: string): ResourcePermissions {
  const see = seePermissionOf(page);
  return {
    see,
    edit: actionPermission(see, 'edit'),
    delete: actionPermission(see, 'delete'),
    export: actionPermission(see, 'export'),
    approve: actionPermission(see, 'approve'),
  };
}

export const CS_SETTINGS_PAGE = '/service/service-settings';
export const csSettingsAccess = {
  scope: 'product' as const,
  permissions: permissionsOf(CS_SETTINGS_PAGE),
};
/** The access of a game's service page (its catalogue permissions, scoped to the game). */
export const csPageAccess = (page: string) => ({
  scope: 'product' as const,
  permissions: permissionsOf(page),
});
/** Teams are the personnel page's (the CP's agents). */
export const csTeamAccess = {
  scope: 'cp' as const,
  permissions: permissionsOf('/service/personnel-settings'),
};

/** `auto`: handed off conversations go to an agent with room; `manual`: they wait in the queue. */
export const CS_ASSIGNMENT_MODES = ['auto', 'manual'] as const;
export type CsAssignmentMode = (typeof CS_ASSIGNMENT_MODES)[number];

/** `HH:MM`, 00:00 to 24:00. */
const clock = safeText().regex(/^(?:[01]\d|2[0-3]):[0-5]\d$|^24:00$/);
export const minutesOfClock = (value: string): number => {
  const [h, m] = value.split(':').map(Number) as [number, number];
  return h * 60 + m;
};

const dayHours = z
  .object({ open: z.boolean(), from: clock, to: clock })
  .refine((d) => !d.open || minutesOfClock(d.from) < minutesOfClock(d.to), {
    params: { key: 'end_before_start' },
    path: ['to'],
  });
export type CsDayHours = z.infer<typeof dayHours>;

export const timeZoneField = safeText()
  .trim()
  .min(1)
  .max(64)
  .refine((tz) => {
    try {
      new Intl.DateTimeFormat('en', { timeZone: tz });
      return true;
    } catch {
      return false;
    }
  });

export const CS_SLA_MINUTES_MAX = 60 * 24 * 90;
const slaMinutes = int32(1, CS_SLA_MINUTES_MAX);

const settingsFields = z.object({
  time_zone: timeZoneField,
  /** One entry per weekday, Sunday first (index = `getDay()`). */
  hours: z.array(dayHours).length(7),
  /** The holiday calendar (region) whose holidays are closed days; '' none. */
  holiday_region: z.union([holidayRegion, z.literal('')]),
  /** Resolve a conversation waiting on the player this many hours after the agent's last reply; 0 never. */
  auto_resolve_hours: int32(0, 720),
  /** Ask the player to rate on resolve. */
  survey: z.boolean(),
  survey_text: safeText().trim().max(300),
  assignment: z.enum(CS_ASSIGNMENT_MODES),
  /** What the bot says when a player asks for a person outside business hours. */
  offline_message: safeText().trim().max(500),
  sla_first_reply_minutes: slaMinutes,
  sla_resolution_minutes: slaMinutes,
  /**
   * A conversation whose player has waited this many business minutes for its agent's answer goes
   * back to assignment (another agent); 0 off.
   */
  reassign_after_minutes: int32(0, CS_SLA_MINUTES_MAX).default(0),
});

export const csSettingsBody = settingsFields.extend({ version: versionField });
export type CsSettingsInput = z.input<typeof csSettingsBody>;
export type CsSettings = z.infer<typeof settingsFields> & { version: number; updated_at: string | null };

const weekday = { open: true, from: '09:00', to: '18:00' };
const weekend = { open: false, from: '09:00', to: '18:00' };
/** A game's settings until someone saves them. */
export const CS_DEFAULT_SETTINGS: Omit<CsSettings, 'version' | 'updated_at'> = {
  time_zone: 'Asia/Shanghai',
  hours: [weekend, weekday, weekday, weekday, weekday, weekday, weekend],
  holiday_region: '',
  auto_resolve_hours: 0,
  survey: true,
  survey_text: '',
  assignment: 'auto',
  offline_message: '',
  sla_first_reply_minutes: 5,
  sla_resolution_minutes: 240,
  reassign_after_minutes: 0,
};

// ---- SLA in business hours ----

const formats = new Map<string, Intl.DateTimeFormat>();
function formatOf(timeZone: string): Intl.DateTimeFormat {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    if (formats.size > 100) formats.clear();
    formats.set(timeZone, format);
  }
  return format;
}

/** The clock of an instant in a time zone: its local day, hour, minute. */
function localParts(at: number, timeZone: string) {
  const parts = formatOf(timeZone).formatToParts(at);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return {
    y: get('year'),
    m: get('month'),
    d: get('day'),
    h: get('hour'),
    min: get('minute'),
    s: get('second'),
  };
}

/** The zone's offset from UTC at an instant, in milliseconds. */
function offsetAt(at: number, timeZone: string): number {
  const p = localParts(at, timeZone);
  return Date.UTC(p.y, p.m - 1, p.d, p.h, p.min, p.s) - Math.floor(at / 1000) * 1000;
}

/** The instant of a local day's minute in a time zone. */
function instantOf(y: number, m: number, d: number, minute: number, timeZone: string): number {
  const guess = Date.UTC(y, m - 1, d, 0, minute);
  const first = guess - offsetAt(guess, timeZone);
  return guess - offsetAt(first, timeZone);
}

const dayKey = (y: number, m: number, d: number) =>
  `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;

/** The local day (`YYYY-MM-DD`) of an instant in a time zone. */
export function localDayOf(at: Date, timeZone: string): string {
  const p = localParts(at.getTime(), timeZone);
  return dayKey(p.y, p.m, p.d);
}

/** The instant a local day (`YYYY-MM-DD`) starts in a time zone. */
export function dayStartIn(day: string, timeZone: string): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(instantOf(y, m, d, 0, timeZone));
}

/** Days looked at at most (an SLA clock running longer stops counting there). */
const SLA_DAYS_MAX = 400;

/**
 * Business minutes between two instants: the time inside the opening hours of each local day of
 * the settings' time zone, closed days (holidays, in `closedDays` as `YYYY-MM-DD`) left out.
 */
export function businessMinutes(
  from: Date,
  to: Date,
  settings: Pick<CsSettings, 'time_zone' | 'hours'>,
  closedDays: ReadonlySet<string> = new Set(),
): number {
  const start = from.getTime();
  const end = to.getTime();
  if (!(end > start)) return 0;
  const first = localParts(start, settings.time_zone);
  let total = 0;
  // Walk local days from the first (calendar arithmetic on a UTC date, free of the zone's shifts).
  const cursor = new Date(Date.UTC(first.y, first.m - 1, first.d));
  for (let i = 0; i < SLA_DAYS_MAX; i++) {
    const y = cursor.getUTCFullYear();
    const m = cursor.getUTCMonth() + 1;
    const d = cursor.getUTCDate();
    const dayStart = instantOf(y, m, d, 0, settings.time_zone);
    if (dayStart >= end) break;
    const hours = settings.hours[cursor.getUTCDay()];
    if (hours?.open && !closedDays.has(dayKey(y, m, d))) {
      const open = instantOf(y, m, d, minutesOfClock(hours.from), settings.time_zone);
      const close = instantOf(y, m, d, minutesOfClock(hours.to), settings.time_zone);
      const a = Math.max(open, start);
      const b = Math.min(close, end);
      if (b > a) total += (b - a) / 60_000;
    }
    cursor.setUTCDate(cursor.getUTCDate() + 1);
  }
  return Math.floor(total);
}

/** Whether an instant falls in business hours (closed days excluded). */
export function inBusinessHours(
  at: Date,
  settings: Pick<CsSettings, 'time_zone' | 'hours'>,
  closedDays: ReadonlySet<string> = new Set(),
): boolean {
  const p = localParts(at.getTime(), settings.time_zone);
  const weekdayOf = new Date(Date.UTC(p.y, p.m - 1, p.d)).getUTCDay();
  const hours = settings.hours[weekdayOf];
  if (!hours?.open || closedDays.has(dayKey(p.y, p.m, p.d))) return false;
  const minute = p.h * 60 + p.min;
  return minute >= minutesOfClock(hours.from) && minute < minutesOfClock(hours.to);
}

export const CS_SLA_STATES = ['running', 'met', 'breached'] as const;
export type CsSlaState = (typeof CS_SLA_STATES)[number];
/** A conversation's two SLA clocks, in business minutes. */
export interface CsSla {
  first_reply: { minutes: number; target: number; state: CsSlaState };
  resolution: { minutes: number; target: number; state: CsSlaState };
}

// ---- Teams ----

export const csTeamBody = z.object({
  name: safeText().trim().min(1).max(64),
  /** The languages the team serves (conversations in them go to its agents first). */
  languages: z.array(z.enum(LANGUAGES)).max(LANGUAGES.length).default([]),
  /** Its agents (staff ids; an agent is in one team at most). */
  members: z.array(idField).max(200).default([]),
});
export type CsTeamInput = z.input<typeof csTeamBody>;
export const csTeamUpdateBody = csTeamBody.partial().extend({ version: versionField });
export interface CsTeam {
  id: number;
  name: string;
  languages: Language[];
  members: { user_id: number; username: string }[];
  version: number;
  updated_at: string;
}
