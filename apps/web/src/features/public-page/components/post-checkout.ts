import { errorText } from '../../../components/ui/form';
import { redirectTo } from '../../../lib/checkout';
import { FAN_TEXTS } from '../../../lib/fan-texts';
import { startPostCheckout } from '../api/public-pages';

/**
 * Opens a post's checkout (POST /api/posts/:id/checkout): the browser leaves for Stripe's page
 * or Muse's TEST MODE page, and null comes back; a refusal ('You already own this post', say)
 * comes back as its text. Loaded when a signed-in fan reaches for 'Unlock', with the API client
 * and the answer's schema (docs/decisions/0058-public-page-for-fans.md).
 */
export async function openPostCheckout(postId: string): Promise<string | null> {
  try {
    redirectTo(await startPostCheckout(postId));
    return null;
  } catch (error) {
    return errorText(error, FAN_TEXTS.checkoutFailed);
  }
}
