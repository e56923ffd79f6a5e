import { formatCents, publicPagePath, type TPublicPost } from '@muse/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Loader2, LockOpen } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { errorText } from '../../../components/ui/form';
import { toast } from '../../../components/ui/toaster';
import { useAuth } from '../../../lib/auth';
import { redirectTo } from '../../../lib/checkout';
import { cn } from '../../../lib/cn';
import { withReturnPath } from '../../../lib/return-path';
import { PUBLIC_PAGES_QUERY_KEY } from '../../../lib/public-pages';
import { useStartPostCheckout } from '../api/public-pages';
import { FAN_TEXTS } from '../../../lib/fan-texts';

/**
 * 'Unlock for $50.00' of a locked post (docs/product/publishing.md, 'Buying'). Signed out, it
 * leads to /register carrying the post's address, so the fan comes back to this post (with
 * `withSignIn`, a link to sign in instead sits under it). Signed in, it opens the post's checkout:
 * Stripe's page, or Muse's TEST MODE page. A refusal ('You already own this post', say) shows
 * its text and the page reads again.
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
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const checkout = useStartPostCheckout();
  const label = `Unlock for ${formatCents(post.priceCents)}`;
  const postPath = publicPagePath(handle, post.id);

  if (!user) {
    return (
      <div className={cn('space-y-2', className)}>
        <Button asChild size="lg" className="w-full">
          <Link to={withReturnPath('/register', postPath)}>
            <LockOpen aria-hidden="true" className="size-4" />
            {label}
          </Link>
        </Button>
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

  // After the checkout's URL came back the browser is leaving: the button stays busy.
  const busy = checkout.isPending || checkout.isSuccess;
  return (
    <div className={className}>
      <Button
        size="lg"
        className="w-full"
        disabled={busy}
        aria-busy={busy || undefined}
        onClick={() =>
          checkout.mutate(post.id, {
            onSuccess: (url) => redirectTo(url),
            onError: (error) => {
              toast.error(errorText(error, FAN_TEXTS.checkoutFailed));
              // Bought meanwhile, or the post changed: show what is true now.
              void queryClient.invalidateQueries({ queryKey: PUBLIC_PAGES_QUERY_KEY });
            },
          })
        }
      >
        {busy ? (
          <Loader2 aria-hidden="true" className="size-4 animate-spin" />
        ) : (
          <LockOpen aria-hidden="true" className="size-4" />
        )}
        {label}
      </Button>
    </div>
  );
}
