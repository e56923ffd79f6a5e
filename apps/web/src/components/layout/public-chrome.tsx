import { Menu, X } from 'lucide-react';
import { Suspense, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { LinkButton } from './link-button';
import { LOGO_LINK_CLASS, LogoMark } from './logo-mark';
import { PublicLink as Link, usePublicNav } from './public-nav';
import { usePublicSession } from './public-session';
import { useHydrated } from './use-hydrated';
import { useScrollToHash } from './use-scroll-to-hash';

/** The landing's nav (docs/product/public-site.md). Section links work from every public page. */
const NAV_LINKS = [
  { label: 'Home', to: '/' },
  { label: 'Marketplace', to: '/marketplace' },
  { label: 'Features', to: '/#features' },
  { label: 'Pricing', to: '/#pricing' },
  { label: 'FAQ', to: '/#faq' },
] as const;

const FOOTER_COLUMNS = [
  {
    title: 'Product',
    links: [
      { label: 'Marketplace', to: '/marketplace' },
      { label: 'Features', to: '/#features' },
      { label: 'How it works', to: '/#how-it-works' },
      { label: 'Pricing', to: '/#pricing' },
    ],
  },
  {
    title: 'Help',
    links: [
      { label: 'FAQ', to: '/#faq' },
      { label: 'Support', to: '/support' },
      { label: 'Terms', to: '/terms' },
      { label: 'Privacy', to: '/privacy' },
    ],
  },
] as const;

/** Where the full nav replaces the menu button (Tailwind's `lg`). */
const DESKTOP_QUERY = '(min-width: 1024px)';

/**
 * Header and footer around a public page (docs/product/public-site.md), inside a
 * `PublicNavProvider`: the app's (public-layout.tsx) or the landing's own. No react-router,
 * tailwind-merge, TanStack Query or zod here: this is part of the landing's first load
 * (docs/decisions/0034-prerendered-public-pages.md).
 */
export function PublicChrome({ children }: { children: ReactNode }) {
  useScrollToHash();
  // The page and the footer hydrate after the header, in short tasks that leave the main thread
  // free between them (a Suspense boundary is where React may pause hydrating; nothing here
  // suspends), so a prerendered page never blocks a tap for long
  // (docs/decisions/0034-prerendered-public-pages.md).
  return (
    <div className="flex min-h-dvh flex-col">
      <PublicHeader />
      <main className="flex-1">
        <Suspense>{children}</Suspense>
      </main>
      <Suspense>
        <PublicFooter />
      </Suspense>
    </div>
  );
}

function useCurrentLink() {
  const location = usePublicNav();
  const { pathname } = location;
  // The server never sees the #hash: a prerendered page hydrates as if there were none.
  const hash = useHydrated() ? location.hash : '';
  return (to: string) =>
    to === '/' ? pathname === '/' && hash === '' : !to.includes('#') && pathname === to;
}

function PublicHeader() {
  const [menuOpen, setMenuOpen] = useState(false);
  const isCurrent = useCurrentLink();
  const menuId = useId();
  const menuButton = useRef<HTMLButtonElement>(null);
  const header = useRef<HTMLElement>(null);
  const signedIn = usePublicSession();
  const hydrated = useHydrated();

  // While the phone menu is open: Escape closes it (focus back on its button), so does a tap
  // outside the header, and so does widening the window to where the full nav shows.
  useEffect(() => {
    if (!menuOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setMenuOpen(false);
      menuButton.current?.focus();
    };
    const onPointerDown = (event: PointerEvent) => {
      if (!header.current?.contains(event.target as Node)) setMenuOpen(false);
    };
    const desktop = window.matchMedia(DESKTOP_QUERY);
    const onResize = () => {
      if (desktop.matches) setMenuOpen(false);
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('pointerdown', onPointerDown);
    desktop.addEventListener('change', onResize);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('pointerdown', onPointerDown);
      desktop.removeEventListener('change', onResize);
    };
  }, [menuOpen]);

  const closeMenu = () => setMenuOpen(false);

  return (
    <header
      ref={header}
      className="sticky top-0 z-40 border-b border-white/[0.06] bg-ink-950/75 backdrop-blur-xl"
    >
      <nav aria-label="Main" className="mx-auto max-w-6xl px-4 sm:px-6">
        <div className="flex h-16 items-center justify-between gap-4">
          <Link to="/" className={LOGO_LINK_CLASS}>
            <LogoMark />
          </Link>
          <ul className="hidden items-center gap-1 lg:flex">
            {NAV_LINKS.map((link) => (
              <li key={link.to}>
                <Link
                  to={link.to}
                  aria-current={isCurrent(link.to) ? 'page' : undefined}
                  className="rounded-lg px-3 py-2 text-sm font-medium text-zinc-400 transition-colors hover:text-white aria-[current=page]:text-white"
                >
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
          <div className="flex items-center gap-2">
            {signedIn ? (
              // A signed-in visitor goes back to work (docs/product/public-site.md).
              <LinkButton to="/dashboard" size="sm">
                Dashboard
              </LinkButton>
            ) : (
              <>
                <span className="hidden lg:contents">
                  <LinkButton to="/login" variant="ghost" size="sm">
                    Sign In
                  </LinkButton>
                </span>
                <LinkButton to="/register" size="sm">
                  Get Started
                </LinkButton>
              </>
            )}
            <button
              ref={menuButton}
              type="button"
              aria-expanded={menuOpen}
              aria-controls={menuId}
              aria-label="Menu"
              // Live once a prerendered page has hydrated.
              disabled={!hydrated}
              onClick={() => setMenuOpen((open) => !open)}
              className="flex size-10 items-center justify-center rounded-lg text-zinc-300 transition-colors hover:bg-ink-800 hover:text-white lg:hidden"
            >
              {menuOpen ? (
                <X aria-hidden="true" className="size-5" />
              ) : (
                <Menu aria-hidden="true" className="size-5" />
              )}
            </button>
          </div>
        </div>
        {menuOpen ? (
          // Dims the page under the open menu; a tap on it closes the menu.
          <div
            aria-hidden="true"
            onClick={closeMenu}
            className="absolute inset-x-0 top-full h-dvh bg-black/60 lg:hidden"
          />
        ) : null}
        <div
          id={menuId}
          hidden={!menuOpen}
          className="absolute inset-x-0 top-full max-h-[calc(100dvh-4rem)] overflow-y-auto border-y border-white/[0.06] bg-ink-950 px-4 pt-3 pb-5 shadow-2xl shadow-black/60 sm:px-6 lg:hidden"
        >
          <ul className="grid gap-1">
            {NAV_LINKS.map((link) => (
              <li key={link.to}>
                <Link
                  to={link.to}
                  onClick={closeMenu}
                  aria-current={isCurrent(link.to) ? 'page' : undefined}
                  className="flex h-12 items-center rounded-xl px-3 text-base font-medium text-zinc-300 transition-colors hover:bg-ink-800 hover:text-white aria-[current=page]:bg-ink-800 aria-[current=page]:text-white"
                >
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
          <LinkButton
            to={signedIn ? '/dashboard' : '/login'}
            onClick={closeMenu}
            variant="outline"
            className="mt-3 w-full"
          >
            {signedIn ? 'Dashboard' : 'Sign In'}
          </LinkButton>
        </div>
      </nav>
    </header>
  );
}

function PublicFooter() {
  return (
    <footer className="border-t border-white/[0.06] bg-ink-950">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-[2fr_1fr_1fr]">
        <div className="max-w-xs space-y-3">
          <Link to="/" className={LOGO_LINK_CLASS}>
            <LogoMark />
          </Link>
          <p className="text-sm leading-relaxed text-zinc-400">
            AI influencers that create and earn. Claim a persona or train your own, then make photos
            and videos and sell them pay-per-view.
          </p>
        </div>
        {FOOTER_COLUMNS.map((column) => (
          <nav key={column.title} aria-label={column.title}>
            <h2 className="text-xs font-semibold tracking-wider text-zinc-400 uppercase">
              {column.title}
            </h2>
            <ul className="mt-4 space-y-3 text-sm">
              {column.links.map((link) => (
                <li key={link.to}>
                  <Link to={link.to} className="text-zinc-400 transition-colors hover:text-white">
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="border-t border-white/[0.06]">
        <p className="mx-auto flex max-w-6xl flex-col gap-2 px-4 py-6 text-xs text-zinc-400 sm:flex-row sm:justify-between sm:px-6">
          {/* The year was the build's in the prerendered HTML; a new year's visit hydrates it as is. */}
          <span suppressHydrationWarning>
            © {new Date().getFullYear()} Muse. All rights reserved.
          </span>
          <span>Everything made with Muse is AI-generated.</span>
        </p>
      </div>
    </footer>
  );
}
