import { PUBLISHING_TEXTS, type TCreatePostRequest } from '@muse/shared';
import { ApiError } from '../../../lib/api';
import { centsOf } from '../publishing-format';
import { dayKey, isoInZone, zonedInstant, type TDayKey } from '../calendar-time';
import type { TPriceDraft } from './price-field';
import type { TScheduleDraft } from './schedule-inputs';

/** Scheduling reaches a year ahead (docs/product/publishing.md); the server has the last word. */
const YEAR_MS = 365 * 24 * 60 * 60 * 1000;

/** The price the form's choice and dollar field stand for, in cents (NaN when unreadable). */
export function draftPriceCents(price: TPriceDraft): number {
  return price.mode === 'free' ? 0 : centsOf(price.dollars);
}

/** The first and the last day the date input offers. */
export function scheduleBounds(
  now: number,
  timeZone: string,
): { minDay: TDayKey; maxDay: TDayKey } {
  const minDay = dayKey(now, timeZone);
  return { minDay, maxDay: dayKey(now + YEAR_MS, timeZone) };
}

/**
 * The instant a date and time on the creator's clock stand for, as the API takes it (ISO with the
 * zone's offset), or what is wrong with it: not in the future, or more than a year ahead.
 */
export function checkPublishAt(
  schedule: TScheduleDraft,
  timeZone: string,
  now: number,
): { iso: string } | { error: string } {
  const instant = zonedInstant(schedule.day, schedule.time, timeZone);
  if (instant === null || instant <= now) return { error: PUBLISHING_TEXTS.publishAtPast };
  if (instant > now + YEAR_MS) return { error: PUBLISHING_TEXTS.publishAtTooFar };
  return { iso: isoInZone(instant, timeZone) };
}

/** The fields of the post form that show the server's text under them rather than in the banner. */
const FORM_FIELDS: readonly (keyof TCreatePostRequest)[] = [
  'caption',
  'itemIds',
  'priceCents',
  'publishAt',
  'influencerId',
];

/** The form field a failed save is about, as the answer's `field` names it. */
export function postFieldOf(error: unknown): keyof TCreatePostRequest | undefined {
  if (!(error instanceof ApiError)) return undefined;
  return FORM_FIELDS.find((field) => field === error.field);
}
