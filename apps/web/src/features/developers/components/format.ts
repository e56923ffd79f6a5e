const day = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });
const dayAndTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** "Jun 4, 2026" */
export const formatDay = (iso: string) => day.format(new Date(iso));

/** "Jun 4, 2026, 10:15 AM" */
export const formatDayAndTime = (iso: string) => dayAndTime.format(new Date(iso));

/** Today on the browser's clock, 'YYYY-MM-DD', as a date input takes it. */
export function todayKey(now = new Date()): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/**
 * The last moment of a day picked in a date input ('2026-06-04'), on the browser's clock, as
 * ISO 8601; null when the value is not a day.
 */
export function endOfDay(dayKey: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(dayKey);
  if (!match) return null;
  const [, year, month, date] = match.map(Number) as [number, number, number, number];
  const end = new Date(year, month - 1, date, 23, 59, 59, 999);
  if (end.getMonth() !== month - 1) return null;
  return end.toISOString();
}
