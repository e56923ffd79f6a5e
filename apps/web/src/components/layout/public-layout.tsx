import { Link, Outlet } from 'react-router';
import { Button } from '../ui/button';
import { Logo } from './logo';

/** Header and footer around every public page. */
export function PublicLayout() {
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="sticky top-0 z-40 border-b border-ink-800 bg-ink-950/80 backdrop-blur">
        <nav
          aria-label="Main"
          className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6"
        >
          <Logo />
          <div className="flex items-center gap-1 sm:gap-2">
            <Link
              to="/marketplace"
              className="hidden rounded-lg px-3 py-2 text-sm text-zinc-300 hover:text-white sm:block"
            >
              Marketplace
            </Link>
            <Button asChild variant="ghost" size="sm">
              <Link to="/login">Sign In</Link>
            </Button>
            <Button asChild size="sm">
              <Link to="/register">Get Started</Link>
            </Button>
          </div>
        </nav>
      </header>
      <main className="flex-1">
        <Outlet />
      </main>
      <footer className="border-t border-ink-800">
        <div className="mx-auto flex max-w-6xl flex-col gap-4 px-4 py-8 text-sm text-zinc-500 sm:flex-row sm:items-center sm:justify-between sm:px-6">
          <p>© {new Date().getFullYear()} Muse. AI influencers that create and earn.</p>
          <nav aria-label="Footer" className="flex gap-5">
            <Link to="/support" className="hover:text-zinc-200">
              Support
            </Link>
            <Link to="/terms" className="hover:text-zinc-200">
              Terms
            </Link>
            <Link to="/privacy" className="hover:text-zinc-200">
              Privacy
            </Link>
          </nav>
        </div>
      </footer>
    </div>
  );
}

/** A centred column for a public page's content. */
export function PublicPage({ children }: { children: React.ReactNode }) {
  return <div className="mx-auto max-w-6xl space-y-8 px-4 py-12 sm:px-6 sm:py-16">{children}</div>;
}
