import { PUBLISHING_TEXTS, type TCreatePostRequest } from '@muse/shared';
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

/** The server's texts that belong under a field of the post form rather than in its banner. */
const FIELD_OF_TEXT: Record<string, keyof TCreatePostRequest> = {
  [PUBLISHING_TEXTS.captionTooLong]: 'caption',
  [PUBLISHING_TEXTS.itemsRequired]: 'itemIds',
  [PUBLISHING_TEXTS.tooManyItems]: 'itemIds',
  [PUBLISHING_TEXTS.itemNotFound]: 'itemIds',
  [PUBLISHING_TEXTS.itemOfOtherInfluencer]: 'itemIds',
  [PUBLISHING_TEXTS.priceInvalid]: 'priceCents',
  [PUBLISHING_TEXTS.publishAtPast]: 'publishAt',
  [PUBLISHING_TEXTS.publishAtTooFar]: 'publishAt',
  [PUBLISHING_TEXTS.notPublished]: 'influencerId',
};

export function fieldOfServerText(text: string): keyof TCreatePostRequest | undefined {
  return FIELD_OF_TEXT[text];
}
