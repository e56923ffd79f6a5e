import { formatCount, type TLedgerEntry } from '@muse/shared';

const dateTimeFormat = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

/** "Jun 4, 2026, 10:32 AM" */
export function formatDateTime(iso: string): string {
  return dateTimeFormat.format(new Date(iso));
}

/** A ledger movement as a person reads it: "+2,000 credits", "−10 credits", "+2 influencer slots". */
export function formatMovement(entry: Pick<TLedgerEntry, 'amount' | 'currency'>): string {
  const size = Math.abs(entry.amount);
  const unit =
    entry.currency === 'credits'
      ? size === 1
        ? 'credit'
        : 'credits'
      : size === 1
        ? 'influencer slot'
        : 'influencer slots';
  return `${entry.amount < 0 ? '−' : '+'}${formatCount(size)} ${unit}`;
}
