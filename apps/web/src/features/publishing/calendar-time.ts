/**
 * Calendar arithmetic in a named time zone (docs/product/publishing.md: the calendar shows and
 * takes times in the creator's zone, and months are counted in it). Plain `Intl` is enough: a
 * wall-clock time becomes an instant through the zone's offset at that instant.
 */

/** A day of the calendar, 'YYYY-MM-DD', independent of any zone. */
export type TDayKey = string;
/** A month of the calendar: `month` 1 to 12. */
export type TMonth = { year: number; month: number };

/** The browser's time zone ('Europe/Berlin'); UTC when the runtime does not say. */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/** Whether the runtime knows `timeZone` ('Europe/Berlin': yes; 'Mars/Olympus': no). */
export function isTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
}

/** Where the creator's chosen zone is remembered, in this browser. */
export const CALENDAR_ZONE_STORAGE_KEY = 'muse.calendar.timeZone';

/**
 * The creator's zone: the one they chose on the calendar, else the browser's. A browser that
 * reports UTC (many privacy settings and virtual machines do) is the reason a choice exists.
 */
export function creatorTimeZone(): string {
  try {
    const chosen = window.localStorage.getItem(CALENDAR_ZONE_STORAGE_KEY);
    if (chosen && isTimeZone(chosen)) return chosen;
  } catch {
    // Storage switched off: the browser's zone.
  }
  return browserTimeZone();
}

/** Remembers the creator's zone; the browser's own zone clears the choice. */
export function rememberTimeZone(timeZone: string): void {
  try {
    if (timeZone === browserTimeZone()) window.localStorage.removeItem(CALENDAR_ZONE_STORAGE_KEY);
    else window.localStorage.setItem(CALENDAR_ZONE_STORAGE_KEY, timeZone);
  } catch {
    // Not remembered across visits then; the choice holds while the page is open.
  }
}

/** The zones a creator may choose from, `current` among them. */
export function timeZoneChoices(current: string): string[] {
  let zones: string[];
  try {
    zones = Intl.supportedValuesOf('timeZone');
  } catch {
    zones = [];
  }
  const all = new Set([...zones, 'UTC', current]);
  return [...all].sort((a, b) => a.localeCompare(b));
}

/**
 * A zone as a person reads it: where it is and its name ('Europe/Berlin (Central European
 * Time)'), from the runtime's own names; the place alone when the runtime has no other name.
 */
export function describeTimeZone(timeZone: string, at: number = Date.now()): string {
  let name: string;
  try {
    name =
      new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longGeneric' })
        .formatToParts(at)
        .find((part) => part.type === 'timeZoneName')?.value ?? '';
  } catch {
    name = '';
  }
  // Written as the zone menu writes it ('America/New York'), with the zone's name in words.
  const place = timeZone.replaceAll('_', ' ');
  return name && name !== timeZone ? `${place} (${name})` : place;
}

const partsFormatters = new Map<string, Intl.DateTimeFormat>();

function partsFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = partsFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    partsFormatters.set(timeZone, formatter);
  }
  return formatter;
}

type TWallClock = {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
};

/** What a clock in `timeZone` shows at `instant`. */
export function wallClock(instant: Date | number | string, timeZone: string): TWallClock {
  const parts: Record<string, number> = {};
  for (const part of partsFormatter(timeZone).formatToParts(new Date(instant))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return {
    year: parts.year ?? 1970,
    month: parts.month ?? 1,
    day: parts.day ?? 1,
    hour: parts.hour ?? 0,
    minute: parts.minute ?? 0,
    second: parts.second ?? 0,
  };
}

/** The zone's offset from UTC at `instant`, in minutes (Berlin in summer: 120). */
export function offsetMinutes(instant: number, timeZone: string): number {
  const clock = wallClock(instant, timeZone);
  const asUtc = Date.UTC(
    clock.year,
    clock.month - 1,
    clock.day,
    clock.hour,
    clock.minute,
    clock.second,
  );
  return Math.round((asUtc - Math.floor(instant / 1000) * 1000) / 60_000);
}

const pad = (value: number, length = 2) => String(Math.abs(value)).padStart(length, '0');

export function dayKeyOf(year: number, month: number, day: number): TDayKey {
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
}

/** The calendar day `instant` falls on in `timeZone`. */
export function dayKey(instant: Date | number | string, timeZone: string): TDayKey {
  const clock = wallClock(instant, timeZone);
  return dayKeyOf(clock.year, clock.month, clock.day);
}

/** 'HH:MM' of `instant` in `timeZone`, as a time input holds it. */
export function timeOfDay(instant: Date | number | string, timeZone: string): string {
  const clock = wallClock(instant, timeZone);
  return `${pad(clock.hour)}:${pad(clock.minute)}`;
}

function parseDay(day: TDayKey): { year: number; month: number; day: number } | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return null;
  return { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) };
}

/**
 * The instant a clock in `timeZone` shows `day` at `time` ('2026-07-14', '09:00'), in
 * milliseconds; null for a malformed day or time. A time skipped by a clock change lands on the
 * hour after it.
 */
export function zonedInstant(day: TDayKey, time: string, timeZone: string): number | null {
  const date = parseDay(day);
  const clock = /^(\d{2}):(\d{2})$/.exec(time);
  if (!date || !clock) return null;
  const hour = Number(clock[1]);
  const minute = Number(clock[2]);
  if (hour > 23 || minute > 59) return null;
  const asUtc = Date.UTC(date.year, date.month - 1, date.day, hour, minute);
  // The offset at the guess, then at the answer: they differ only around a clock change.
  const first = asUtc - offsetMinutes(asUtc, timeZone) * 60_000;
  const second = asUtc - offsetMinutes(first, timeZone) * 60_000;
  const shows = (instant: number) => {
    const shown = wallClock(instant, timeZone);
    return (
      shown.year === date.year &&
      shown.month === date.month &&
      shown.day === date.day &&
      shown.hour === hour &&
      shown.minute === minute
    );
  };
  if (shows(second)) return second;
  if (shows(first)) return first;
  // A time the clock skips forward over: the later reading is an hour after it.
  return Math.max(first, second);
}

/** ISO 8601 with the zone's own offset ('2026-07-14T09:00:00+02:00'), as the API takes it. */
export function isoInZone(instant: number, timeZone: string): string {
  const clock = wallClock(instant, timeZone);
  const offset = offsetMinutes(instant, timeZone);
  const sign = offset < 0 ? '-' : '+';
  return (
    `${dayKeyOf(clock.year, clock.month, clock.day)}T${pad(clock.hour)}:${pad(clock.minute)}:` +
    `${pad(clock.second)}${sign}${pad(Math.trunc(offset / 60))}:${pad(offset % 60)}`
  );
}

/** The month `instant` falls in, in `timeZone`. */
export function monthOf(instant: Date | number | string, timeZone: string): TMonth {
  const clock = wallClock(instant, timeZone);
  return { year: clock.year, month: clock.month };
}

export function addMonths({ year, month }: TMonth, count: number): TMonth {
  const index = year * 12 + (month - 1) + count;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

/** 'YYYY-MM', the API's `month`. */
export function monthKey({ year, month }: TMonth): string {
  return `${pad(year, 4)}-${pad(month)}`;
}

/** The day `count` days after `day` (before, when negative). */
export function addDays(day: TDayKey, count: number): TDayKey {
  const date = parseDay(day);
  if (!date) return day;
  const moved = new Date(Date.UTC(date.year, date.month - 1, date.day + count));
  return dayKeyOf(moved.getUTCFullYear(), moved.getUTCMonth() + 1, moved.getUTCDate());
}

/**
 * The month as the calendar draws it: whole weeks, Monday first, from the Monday on or before
 * the 1st to the Sunday on or after the last day.
 */
export function monthWeeks({ year, month }: TMonth): TDayKey[][] {
  const first = new Date(Date.UTC(year, month - 1, 1));
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const lead = (first.getUTCDay() + 6) % 7;
  const start = addDays(dayKeyOf(year, month, 1), -lead);
  const weekCount = Math.ceil((lead + daysInMonth) / 7);
  return Array.from({ length: weekCount }, (_, week) =>
    Array.from({ length: 7 }, (_, weekday) => addDays(start, week * 7 + weekday)),
  );
}

/** Whether `day` is in `month`. */
export function inMonth(day: TDayKey, { year, month }: TMonth): boolean {
  return day.startsWith(`${monthKey({ year, month })}-`);
}

const dayFormats = {
  long: new Intl.DateTimeFormat('en-US', {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  }),
  month: new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' }),
  weekdayShort: new Intl.DateTimeFormat('en-US', { weekday: 'short', timeZone: 'UTC' }),
  weekdayLong: new Intl.DateTimeFormat('en-US', { weekday: 'long', timeZone: 'UTC' }),
};

function dayDate(day: TDayKey): Date {
  const date = parseDay(day) ?? { year: 1970, month: 1, day: 1 };
  return new Date(Date.UTC(date.year, date.month - 1, date.day));
}

/** 'Tuesday, July 14' */
export function formatDay(day: TDayKey): string {
  return dayFormats.long.format(dayDate(day));
}

/** The day of the month, '14'. */
export function dayOfMonth(day: TDayKey): number {
  return parseDay(day)?.day ?? 1;
}

/** 'July 2026' */
export function formatMonth({ year, month }: TMonth): string {
  return dayFormats.month.format(new Date(Date.UTC(year, month - 1, 1)));
}

/** The week's days, Monday first: short ('Mon') and long ('Monday') names. */
export const WEEKDAYS = Array.from({ length: 7 }, (_, index) => {
  // 2024-01-01 was a Monday.
  const date = new Date(Date.UTC(2024, 0, 1 + index));
  return { short: dayFormats.weekdayShort.format(date), long: dayFormats.weekdayLong.format(date) };
});

const timeFormatters = new Map<string, Intl.DateTimeFormat>();
const dateTimeFormatters = new Map<string, Intl.DateTimeFormat>();

/** '9:00 AM' in `timeZone`. */
export function formatTime(instant: string | number, timeZone: string): string {
  let formatter = timeFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', minute: '2-digit' });
    timeFormatters.set(timeZone, formatter);
  }
  return formatter.format(new Date(instant));
}

/** 'Tue, Jul 14, 2026, 9:00 AM' in `timeZone`. */
export function formatDateTime(instant: string | number, timeZone: string): string {
  let formatter = dateTimeFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      weekday: 'short',
      month: 'short',
      day: 'numeric',
      year: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
    });
    dateTimeFormatters.set(timeZone, formatter);
  }
  return formatter.format(new Date(instant));
}

/**
 * When a new post is scheduled unless the creator says otherwise: the chosen day at 09:00, or,
 * when that is gone (or no day was chosen), the next full hour of the zone's clock.
 */
export function defaultSchedule(
  day: TDayKey | null,
  now: number,
  timeZone: string,
): { day: TDayKey; time: string } {
  if (day) {
    const nine = zonedInstant(day, '09:00', timeZone);
    if (nine !== null && nine > now) return { day, time: '09:00' };
  }
  const clock = wallClock(now, timeZone);
  const today = dayKeyOf(clock.year, clock.month, clock.day);
  if (clock.hour === 23) return { day: addDays(today, 1), time: '00:00' };
  return { day: today, time: `${pad(clock.hour + 1)}:00` };
}
