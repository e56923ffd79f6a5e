import { BILLING_TEXTS, formatCount, type TLedgerEntry } from '@muse/shared';
import { ApiError } from '../../lib/api';

const dateFormat = new Intl.DateTimeFormat('en-US', {
  month: 'long',
  day: 'numeric',
  year: 'numeric',
});
const dateTimeFormat = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

/** "June 4, 2026" */
export function formatDate(iso: string): string {
  return dateFormat.format(new Date(iso));
}

/** "Jun 4, 2026, 10:32 AM" */
export function formatDateTime(iso: string): string {
  return dateTimeFormat.format(new Date(iso));
}

/** A ledger movement as a person reads it: "+2,000 credits", "−10 credits", "+2 trainings". */
export function formatMovement(entry: Pick<TLedgerEntry, 'amount' | 'currency'>): string {
  const size = Math.abs(entry.amount);
  const unit =
    entry.currency === 'credits'
      ? size === 1
        ? 'credit'
        : 'credits'
      : size === 1
        ? 'training'
        : 'trainings';
  return `${entry.amount < 0 ? '−' : '+'}${formatCount(size)} ${unit}`;
}

/**
 * Spec §8: a failed checkout shows the server's error text, else 'Failed to start payment
 * process'; an exception (a dropped connection, say) shows its own message.
 */
export function checkoutErrorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.serverError) return error.serverError;
    return error.status === 0 ? error.message : BILLING_TEXTS.failedToStartPayment;
  }
  if (error instanceof Error && error.message) return error.message;
  return BILLING_TEXTS.failedToStartPayment;
}

/** The server's text for a failed call, or `fallback`. */
export function errorText(error: unknown, fallback: string): string {
  if (error instanceof ApiError)
    return error.serverError ?? (error.status === 0 ? error.message : fallback);
  return fallback;
}

/**
 * Sends the browser to a checkout, or back from one. Spec §4: when the redirect fails, the
 * page opens in a new tab instead.
 */
export function redirectTo(url: string): void {
  try {
    window.location.assign(url);
  } catch {
    window.open(url, '_blank', 'noopener');
  }
}
