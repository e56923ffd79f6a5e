import { ReceiptText, LogIn } from 'lucide-react';
import type { ReactNode } from 'react';
import { LOGO_LINK_CLASS, LogoMark } from '../../../components/layout/logo-mark';
import { withReturnPath } from '../../../lib/return-path';
import { FanLink as Link, useFanPage } from './fan-page-context';

const barLink =
  'inline-flex h-10 items-center gap-2 rounded-xl px-3 text-sm font-medium text-zinc-200 transition-colors hover:bg-ink-800 hover:text-white';

/**
 * The frame of an influencer's public page and its posts: made for a fan on a phone, so the
 * influencer fills the screen and Muse stays a slim bar (sign in, or 'My purchases') and a line
 * of footer. Not the public site's layout: its nav speaks to creators (pricing, Get Started).
 */
export function FanLayout({ children }: { children: ReactNode }) {
  const { signedIn, pathname } = useFanPage();
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="sticky top-0 z-30 border-b border-white/[0.06] bg-ink-950/80 backdrop-blur-xl">
        <nav
          aria-label="Muse"
          className="mx-auto flex h-14 max-w-5xl items-center justify-between gap-3 px-4 sm:px-6"
        >
          <Link to="/" className={LOGO_LINK_CLASS}>
            <LogoMark />
          </Link>
          {signedIn ? (
            <Link to="/purchases" className={barLink}>
              <ReceiptText aria-hidden="true" className="size-4" />
              My purchases
            </Link>
          ) : (
            <Link to={withReturnPath('/login', pathname)} className={barLink}>
              <LogIn aria-hidden="true" className="size-4" />
              Sign in
            </Link>
          )}
        </nav>
      </header>
      <main id="main" className="mx-auto w-full max-w-5xl flex-1 px-4 py-6 sm:px-6 sm:py-10">
        {children}
      </main>
      <footer className="border-t border-white/[0.06]">
        <div className="mx-auto flex max-w-5xl flex-col gap-2 px-4 py-6 text-xs text-zinc-400 sm:flex-row sm:items-center sm:justify-between sm:px-6">
          <span>Made with Muse. Everything made with Muse is AI-generated.</span>
          <span className="flex gap-4">
            <Link to="/terms" className="hover:text-white">
              Terms
            </Link>
            <Link to="/privacy" className="hover:text-white">
              Privacy
            </Link>
            <Link to="/support" className="hover:text-white">
              Support
            </Link>
          </span>
        </div>
      </footer>
    </div>
  );
}
