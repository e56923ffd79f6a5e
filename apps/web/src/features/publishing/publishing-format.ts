import { PPV_PRICE } from '@muse/shared';

const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** '$1,234.50' from cents. */
export function formatMoney(cents: number): string {
  return money.format(cents / 100);
}

/** A price as the dollar field shows it: '50.00'. */
export function dollarsOf(cents: number): string {
  return (cents / 100).toFixed(2);
}

/** The default pay-per-view price in the dollar field. */
export const DEFAULT_PPV_DOLLARS = dollarsOf(PPV_PRICE.default);

/**
 * The cents of what was typed into a dollar field ('50', '49.9', '$1,200.00'); NaN when it is not
 * an amount, so the shared price check refuses it with its own text.
 */
export function centsOf(dollars: string): number {
  const plain = dollars.trim().replace(/^\$/, '').replaceAll(',', '');
  if (!/^\d{1,7}(\.\d{1,2})?$/.test(plain)) return Number.NaN;
  const [whole = '0', fraction = ''] = plain.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** '3 sales', '1 sale' */
export function formatSales(count: number): string {
  return `${count} sale${count === 1 ? '' : 's'}`;
}

/** "Free" or "$50.00 pay-per-view" */
export function formatPrice(cents: number): string {
  return cents === 0 ? 'Free' : `${formatMoney(cents)} pay-per-view`;
}

const compact = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 });

/** A platform's count, short: '950', '1.2K', '3.4M'. */
export function formatCount(count: number): string {
  return compact.format(count);
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
