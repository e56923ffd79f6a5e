import { OAUTH_FAILURE_REDIRECT_MS, OAUTH_STATUS_TEXTS } from '@muse/shared';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { Spinner } from '../../components/ui/spinner';
import { cn } from '../../lib/cn';
import { useAuth } from '../../lib/auth';
import { AuthCard } from '../../components/layout/auth-card';
import { homeOf, peekReturnPath, takeReturnPath, withReturnPath } from '../../lib/return-path';

type TStatus = keyof typeof OAUTH_STATUS_TEXTS;

const FAILURES: readonly TStatus[] = ['failed', 'noToken', 'error'];
const SUCCESSES: readonly TStatus[] = ['success', 'created'];
const SUCCESS_REDIRECT_MS = 600;

/**
 * What the server's Google callback put in the address: `#access_token=<one-time code>` or
 * `#error=<reason>` (either may also come in the query).
 */
function readCallbackAddress(): { code: string | null; failed: boolean } {
  const hash = new URLSearchParams(window.location.hash.slice(1));
  const query = new URLSearchParams(window.location.search);
  const code = hash.get('access_token') ?? query.get('access_token');
  const failed = hash.has('error') || query.has('error');
  return { code: failed ? null : code, failed };
}

/**
 * Completes a Google sign-in (docs/product/accounts.md): trades the one-time code for a session,
 * then goes to the return path the sign-in page kept (a post to unlock, say) or /onboarding; on
 * failure its status text, and /login (still carrying the return path) after 2 s.
 */
export function OAuthCallbackPage() {
  const { exchangeGoogleCode } = useAuth();
  const navigate = useNavigate();
  const [callback] = useState(readCallbackAddress);
  const [status, setStatus] = useState<TStatus>(() =>
    callback.failed ? 'failed' : callback.code ? 'processing' : 'noToken',
  );
  // The code is single-use: exchange it once, also when StrictMode runs effects twice.
  const exchangeStarted = useRef(false);
  /** Where the signed-in user goes without a return path (login-page.tsx, `homeOf`). */
  const home = useRef('/onboarding');

  useEffect(() => {
    // The one-time code must not stay in the address bar or in history.
    if (window.location.hash || window.location.search) {
      window.history.replaceState(window.history.state, '', '/oauth-callback');
    }
    const code = callback.code;
    if (!code || exchangeStarted.current) return;
    exchangeStarted.current = true;

    async function exchange(oneTimeCode: string) {
      setStatus('validating');
      try {
        const result = await exchangeGoogleCode(oneTimeCode);
        if (!result.success) setStatus('failed');
        else {
          home.current = homeOf(result.user);
          setStatus(result.isNewUser ? 'created' : 'success');
        }
      } catch {
        setStatus('error');
      }
    }
    void exchange(code);
  }, [callback, exchangeGoogleCode]);

  useEffect(() => {
    if (SUCCESSES.includes(status)) {
      // Long enough to read 'Account created!' or 'Authentication successful!'.
      const timer = window.setTimeout(
        () => navigate(takeReturnPath() ?? home.current, { replace: true }),
        SUCCESS_REDIRECT_MS,
      );
      return () => window.clearTimeout(timer);
    }
    if (!FAILURES.includes(status)) return;
    const timer = window.setTimeout(
      () => navigate(withReturnPath('/login', peekReturnPath()), { replace: true }),
      OAUTH_FAILURE_REDIRECT_MS,
    );
    return () => window.clearTimeout(timer);
  }, [status, navigate]);

  const failed = FAILURES.includes(status);
  return (
    <AuthCard title="Signing you in" description="Completing your Google sign-in.">
      <div className="flex min-h-32 flex-col items-center justify-center gap-4 py-4">
        <Spinner
          label={OAUTH_STATUS_TEXTS[status]}
          className={cn('text-center', failed ? 'text-red-300' : 'text-zinc-200')}
        />
      </div>
    </AuthCard>
  );
}
