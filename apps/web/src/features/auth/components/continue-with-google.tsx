import { AUTH_TEXTS } from '@muse/shared';
import { useQueryClient } from '@tanstack/react-query';
import { LoaderCircle } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { publicConfigQuery, usePublicConfig } from '../../../lib/public-config';
import { leadsToPublicPage } from '../../../lib/return-path';

/** Where the server starts Google's OpenID Connect sign-in (a page navigation, not a fetch). */
export const GOOGLE_SIGN_IN_PATH = '/api/auth/google';

/**
 * 'Continue with Google' of the login and register pages, below an 'or' divider. When the
 * server says it has no Google sign-in set up (GET /api/config), neither shows
 * (docs/product/accounts.md). A page the server sent arrives with that answer
 * (docs/decisions/0034-prerendered-public-pages.md). On a page the app renders itself, the button
 * shows until the answer arrives, so a page whose server has Google sign-in (the usual case) never
 * moves; a click then waits for the answer and reports `AUTH_TEXTS.googleUnavailable` through
 * `onError` instead of leaving the page. An exception is reported as `describeException` words it.
 */
export function ContinueWithGoogle({
  onStart,
  onError,
  describeException,
  disabled,
  returnTo,
}: {
  /** Where the sign-in leads afterwards: a public page's path tells the server it is a fan's. */
  returnTo?: string | null;
  onStart: () => void;
  onError: (message: string) => void;
  describeException: (error: unknown) => string;
  disabled?: boolean;
}) {
  const queryClient = useQueryClient();
  // Loaded with the page, so the click rarely waits for it.
  const config = usePublicConfig();
  const [leaving, setLeaving] = useState(false);

  // Back from Google's page, the browser may restore this page as it was left: busy.
  useEffect(() => {
    const reset = (event: PageTransitionEvent) => {
      if (event.persisted) setLeaving(false);
    };
    window.addEventListener('pageshow', reset);
    return () => window.removeEventListener('pageshow', reset);
  }, []);

  async function start() {
    onStart();
    setLeaving(true);
    try {
      const config = await queryClient.fetchQuery(publicConfigQuery);
      if (!config.googleSignIn) {
        setLeaving(false);
        onError(AUTH_TEXTS.googleUnavailable);
        return;
      }
      window.location.assign(
        returnTo && leadsToPublicPage(returnTo)
          ? `${GOOGLE_SIGN_IN_PATH}?${new URLSearchParams({ returnTo: returnTo.split(/[?#]/)[0] ?? '' }).toString()}`
          : GOOGLE_SIGN_IN_PATH,
      );
    } catch (error) {
      setLeaving(false);
      onError(describeException(error));
    }
  }

  if (config.data?.googleSignIn === false) return null;

  return (
    <>
      <OrDivider />
      <Button
        variant="outline"
        size="lg"
        className="w-full bg-ink-950/40"
        onClick={start}
        disabled={disabled || leaving}
        aria-busy={leaving || undefined}
      >
        {leaving ? (
          <LoaderCircle className="size-4 animate-spin" aria-hidden="true" />
        ) : (
          <GoogleMark />
        )}
        Continue with Google
      </Button>
    </>
  );
}

/** "or" between the e-mail form and Google. */
function OrDivider() {
  return (
    <div className="my-6 flex items-center gap-3 text-xs tracking-wider text-zinc-400 uppercase">
      <span className="h-px flex-1 bg-ink-700" />
      or
      <span className="h-px flex-1 bg-ink-700" />
    </div>
  );
}

function GoogleMark() {
  return (
    <svg viewBox="0 0 24 24" className="size-4" aria-hidden="true">
      <path
        fill="#4285F4"
        d="M23.49 12.27c0-.79-.07-1.54-.19-2.27H12v4.51h6.47a5.54 5.54 0 0 1-2.4 3.58v3h3.86c2.26-2.09 3.56-5.17 3.56-8.82Z"
      />
      <path
        fill="#34A853"
        d="M12 24c3.24 0 5.95-1.08 7.93-2.91l-3.86-3c-1.08.72-2.45 1.16-4.07 1.16-3.13 0-5.78-2.11-6.73-4.96H1.29v3.09A11.99 11.99 0 0 0 12 24Z"
      />
      <path
        fill="#FBBC05"
        d="M5.27 14.29A7.2 7.2 0 0 1 4.89 12c0-.8.14-1.57.38-2.29V6.62H1.29A11.99 11.99 0 0 0 0 12c0 1.94.46 3.77 1.29 5.38l3.98-3.09Z"
      />
      <path
        fill="#EA4335"
        d="M12 4.75c1.77 0 3.35.61 4.6 1.8l3.42-3.42C17.95 1.19 15.24 0 12 0 7.31 0 3.26 2.69 1.29 6.62l3.98 3.09C6.22 6.86 8.87 4.75 12 4.75Z"
      />
    </svg>
  );
}
