const DATE_OPTIONS: Intl.DateTimeFormatOptions = { month: 'long', day: 'numeric', year: 'numeric' };
const dateFormat = new Intl.DateTimeFormat('en-US', DATE_OPTIONS);
let utcDateFormat: Intl.DateTimeFormat | undefined;

/**
 * "June 4, 2026", in the browser's time zone; with `inUtc`, in UTC: what a page rendered by the
 * server shows until it has hydrated, as the server cannot know the visitor's time zone.
 */
export function formatDate(iso: string, inUtc = false): string {
  if (!inUtc) return dateFormat.format(new Date(iso));
  utcDateFormat ??= new Intl.DateTimeFormat('en-US', { ...DATE_OPTIONS, timeZone: 'UTC' });
  return utcDateFormat.format(new Date(iso));
}

const relative = new Intl.RelativeTimeFormat('en-US', { numeric: 'auto' });
const RELATIVE_UNITS: readonly [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 60 * 60],
  ['month', 30 * 24 * 60 * 60],
  ['week', 7 * 24 * 60 * 60],
  ['day', 24 * 60 * 60],
  ['hour', 60 * 60],
  ['minute', 60],
];

/**
 * 'just now', '5 minutes ago', 'yesterday': how long ago an instant was (one a little ahead of
 * this clock, the server's, is just now).
 */
export function formatAgo(iso: string, now: number): string {
  const seconds = Math.min(0, Math.round((Date.parse(iso) - now) / 1000));
  for (const [unit, size] of RELATIVE_UNITS) {
    if (Math.abs(seconds) >= size) return relative.format(Math.round(seconds / size), unit);
  }
  return 'just now';
}
