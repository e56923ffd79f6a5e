import type { TUser } from '@muse/shared';

/**
 * The plan label in the sidebar's footer. Every account shows FREE until billing exists
 * (spec §2); billing will derive it from the user's subscription here and nowhere else.
 */
export function planLabel(_user: TUser): string {
  return 'FREE';
}
