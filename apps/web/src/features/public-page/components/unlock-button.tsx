import { formatCents, publicPagePath, type TPublicPost } from '@muse/shared';
import { clsx } from 'clsx';
import { LoaderCircle, LockOpen } from 'lucide-react';
import { useState } from 'react';
import { useHydrated } from '../../../components/layout/use-hydrated';
import { BUTTON_BASE, BUTTON_SIZES, BUTTON_VARIANTS } from '../../../components/ui/button-styles';
import { FAN_TEXTS } from '../../../lib/fan-texts';
import { withReturnPath } from '../../../lib/return-path';
import { FanLink as Link, useFanPage } from './fan-page-context';

/** `Button`'s large primary look, full width, without tailwind-merge (button-styles.ts). */
const UNLOCK_CLASS = clsx(BUTTON_BASE, BUTTON_VARIANTS.primary, BUTTON_SIZES.lg, 'w-full');

/** The checkout, its API call and its schema load when a signed-in fan reaches for 'Unlock'. */
const loadCheckout = () => import('./post-checkout');
const preloadCheckout = () => void loadCheckout().catch(() => {});

/**
 * 'Unlock for $50.00' of a locked post (docs/product/publishing.md, 'Buying'). Signed out, it
 * leads to /register carrying the post's address, so the fan comes back to this post (with
 * `withSignIn`, a link to sign in instead sits under it). Signed in, it opens the post's checkout:
 * Stripe's page, or Muse's TEST MODE page. A refusal ('You already own this post', say) shows
 * its text under the button and the page reads again.
 */
export function UnlockButton({
  handle,
  post,
  withSignIn = false,
  className,
}: {
  handle: string;
  post: TPublicPost;
  withSignIn?: boolean;
  className?: string;
}) {
  const { signedIn, refresh } = useFanPage();
  const hydrated = useHydrated();
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const label = `Unlock for ${formatCents(post.priceCents)}`;
  const postPath = publicPagePath(handle, post.id);

  if (!signedIn) {
    return (
      <div className={clsx('space-y-2', className)}>
        <Link to={withReturnPath('/register', postPath)} className={UNLOCK_CLASS}>
          <LockOpen aria-hidden="true" className="size-4" />
          {label}
        </Link>
        {withSignIn ? (
          <p className="text-center text-sm text-zinc-400">
            Already have an account?{' '}
            <Link
              to={withReturnPath('/login', postPath)}
              className="font-medium text-brand-300 hover:text-brand-400 hover:underline"
            >
              Sign in
            </Link>
          </p>
        ) : null}
      </div>
    );
  }

  const start = async () => {
    setBusy(true);
    setRefusal(null);
    let refused: string | null;
    try {
      refused = await (await loadCheckout()).openPostCheckout(post.id);
    } catch {
      // The checkout's code could not be loaded (the connection dropped).
      refused = FAN_TEXTS.checkoutFailed;
    }
    // After the checkout's URL came back the browser is leaving: the button stays busy.
    if (refused === null) return;
    setBusy(false);
    setRefusal(refused);
    // Bought meanwhile, or the post changed: show what is true now.
    refresh();
  };

  return (
    <div className={className}>
      <button
        type="button"
        className={UNLOCK_CLASS}
        disabled={busy || !hydrated}
        aria-busy={busy || undefined}
        onPointerEnter={preloadCheckout}
        onFocus={preloadCheckout}
        onClick={() => void start()}
      >
        {busy ? (
          <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
        ) : (
          <LockOpen aria-hidden="true" className="size-4" />
        )}
        {label}
      </button>
      {refusal ? (
        <p role="alert" className="mt-2 text-sm text-red-400">
          {refusal}
        </p>
      ) : null}
    </div>
  );
}
