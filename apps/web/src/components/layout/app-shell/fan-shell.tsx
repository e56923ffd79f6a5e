import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import type { TUser } from '@muse/shared';
import { LogOut, ReceiptText, Settings, Sparkles } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, Navigate, NavLink, Outlet, ScrollRestoration, useNavigate } from 'react-router';
import { useAuth } from '../../../lib/auth';
import { cn } from '../../../lib/cn';
import { PageSpinner } from '../../ui/spinner';
import { Logo } from '../logo';
import { VerifyEmailBanner } from './verify-email-banner';

/** The pages a fan-only account has: its purchases and its settings. */
export const FAN_PAGES: readonly string[] = ['/purchases', '/settings'];

const navLink = ({ isActive }: { isActive: boolean }) =>
  cn(
    'inline-flex h-10 items-center gap-2 rounded-xl px-3 text-sm font-medium transition-colors',
    isActive ? 'bg-ink-800 text-white' : 'text-zinc-300 hover:bg-ink-800 hover:text-white',
  );

/**
 * The frame of a fan-only account (docs/product/accounts.md, 'Fans and creators'): no studio,
 * only what a fan has (purchases, the pages bought from, the account), and a way to start
 * creating. A slim bar like the public pages' fan layout.
 */
export function FanShell({ user }: { user: TUser }) {
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-60 focus:rounded-lg focus:bg-ink-800 focus:px-4 focus:py-2 focus:text-sm focus:text-white"
      >
        Skip to content
      </a>
      <header className="sticky top-0 z-30 border-b border-white/[0.06] bg-ink-950/80 backdrop-blur-xl">
        <nav
          aria-label="Muse"
          className="mx-auto flex h-14 max-w-5xl items-center justify-between gap-2 px-4 sm:px-6"
        >
          <Logo />
          <div className="flex items-center gap-1">
            <NavLink to="/purchases" className={navLink}>
              <ReceiptText aria-hidden="true" className="size-4" />
              <span className="max-sm:sr-only">My purchases</span>
            </NavLink>
            <NavLink to="/settings" className={navLink}>
              <Settings aria-hidden="true" className="size-4" />
              <span className="max-sm:sr-only">Settings</span>
            </NavLink>
            <FanMenu user={user} />
          </div>
        </nav>
      </header>
      <div className="mx-auto w-full max-w-5xl flex-1 px-4 sm:px-6">
        {user.emailVerified ? null : (
          <div className="pt-4 lg:pt-6">
            <VerifyEmailBanner user={user} />
          </div>
        )}
        <main id="main" tabIndex={-1} className="space-y-8 py-8 outline-none lg:py-10">
          <Outlet />
          <ScrollRestoration />
        </main>
      </div>
      <footer className="border-t border-white/[0.06]">
        <div className="mx-auto flex max-w-5xl flex-col gap-3 px-4 py-6 text-sm text-zinc-400 sm:flex-row sm:items-center sm:justify-between sm:px-6">
          <span>Want an AI influencer of your own?</span>
          <Link
            to="/onboarding"
            className="inline-flex items-center gap-2 font-medium text-brand-300 hover:text-brand-400 hover:underline"
          >
            <Sparkles aria-hidden="true" className="size-4" />
            Start creating
          </Link>
        </div>
      </footer>
    </div>
  );
}

const itemClass =
  'flex cursor-pointer items-center gap-2.5 rounded-lg px-2.5 py-2 text-sm text-zinc-200 outline-none select-none data-highlighted:bg-ink-700 data-highlighted:text-white';

/** The fan's account menu: who is signed in, Settings, Start creating, Sign out. */
function FanMenu({ user }: { user: TUser }) {
  const { signOut } = useAuth();
  const navigate = useNavigate();
  const initial = (user.fullName.trim() || user.email).charAt(0).toUpperCase();
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger
        title={user.email}
        className="ml-1 flex size-10 items-center justify-center rounded-full transition-colors hover:bg-ink-800 data-[state=open]:bg-ink-800"
      >
        <span className="sr-only">Account menu: {user.email}</span>
        <span
          aria-hidden="true"
          className="flex size-8 items-center justify-center rounded-full bg-gradient-to-br from-brand-500 to-accent-600 text-sm font-semibold text-white"
        >
          {initial}
        </span>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          className="z-50 w-64 rounded-xl border border-ink-700 bg-ink-900 p-1.5 shadow-2xl shadow-black/50"
        >
          <DropdownMenu.Label className="px-2.5 py-2">
            <span className="block text-xs text-zinc-400">Signed in as</span>
            <span className="block truncate text-sm font-medium text-zinc-100">{user.email}</span>
          </DropdownMenu.Label>
          <DropdownMenu.Separator className="my-1 h-px bg-ink-700" />
          <DropdownMenu.Item className={itemClass} onSelect={() => navigate('/settings')}>
            <Settings aria-hidden="true" className="size-4 text-zinc-400" />
            Settings
          </DropdownMenu.Item>
          <DropdownMenu.Item className={itemClass} onSelect={() => navigate('/onboarding')}>
            <Sparkles aria-hidden="true" className="size-4 text-zinc-400" />
            Start creating
          </DropdownMenu.Item>
          <DropdownMenu.Item
            className={itemClass}
            onSelect={() => {
              void signOut().then(() => navigate('/login', { replace: true }));
            }}
          >
            <LogOut aria-hidden="true" className="size-4 text-zinc-400" />
            Sign out
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

/**
 * A studio page opened by an account this tab still knows as fan-only: it may have become a
 * creator since (the onboarding started, an influencer claimed), so the user is read again
 * once; a creator then gets the page, a fan goes to the purchases.
 */
export function StudioForFans() {
  const { refreshUser } = useAuth();
  const [checked, setChecked] = useState(false);
  useEffect(() => {
    let live = true;
    void refreshUser()
      .catch(() => null)
      .finally(() => {
        if (live) setChecked(true);
      });
    return () => {
      live = false;
    };
  }, [refreshUser]);
  if (!checked) return <PageSpinner label="Loading..." />;
  return <Navigate to="/purchases" replace />;
}
