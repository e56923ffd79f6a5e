import { Outlet } from 'react-router';
import { Logo } from './logo';

/** The signed-in area's frame. */
export function AppLayout() {
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="border-b border-ink-800 px-4 sm:px-6">
        <div className="flex h-16 items-center">
          <Logo />
        </div>
      </header>
      <main className="mx-auto w-full max-w-6xl flex-1 space-y-8 px-4 py-8 sm:px-6">
        <Outlet />
      </main>
    </div>
  );
}
