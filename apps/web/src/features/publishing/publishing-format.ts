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

// Shared with the workspace's activity.
export { formatAgo } from '../../lib/format-date';
