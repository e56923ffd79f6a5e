import * as Dialog from '@radix-ui/react-dialog';
import { Menu, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Logo } from '../logo';
import { Sidebar, type TSidebarProps } from './sidebar';

/** Where the fixed sidebar takes over from the drawer (Tailwind's `lg`). */
const DESKTOP_QUERY = '(min-width: 1024px)';

type TMobileNavProps = Pick<TSidebarProps, 'user' | 'foldedSections' | 'onToggleSection'>;

/**
 * Small screens: a top bar whose menu button opens the sidebar as a drawer. The drawer is a
 * modal dialog, so focus stays inside and Escape closes it; following a link closes it too.
 */
export function MobileNav(props: TMobileNavProps) {
  const [open, setOpen] = useState(false);

  // Widening the window past the breakpoint shows the fixed sidebar: drop the drawer.
  useEffect(() => {
    const query = window.matchMedia(DESKTOP_QUERY);
    const close = () => {
      if (query.matches) setOpen(false);
    };
    query.addEventListener('change', close);
    return () => query.removeEventListener('change', close);
  }, []);

  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <header className="sticky top-0 z-30 flex h-14 items-center gap-3 border-b border-ink-800 bg-ink-950/85 px-3 backdrop-blur-md lg:hidden">
        <Dialog.Trigger
          aria-label="Open menu"
          className="flex size-10 items-center justify-center rounded-lg text-zinc-300 transition-colors hover:bg-ink-800 hover:text-white"
        >
          <Menu aria-hidden="true" className="size-5" />
        </Dialog.Trigger>
        <Logo to="/dashboard" />
      </header>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/60 backdrop-blur-sm transition-opacity starting:opacity-0 motion-reduce:transition-none lg:hidden" />
        <Dialog.Content
          aria-describedby={undefined}
          className="fixed inset-y-0 left-0 z-50 w-72 max-w-[85vw] border-r border-ink-800 bg-ink-900 shadow-2xl shadow-black/60 transition-transform duration-200 ease-out starting:-translate-x-full motion-reduce:transition-none lg:hidden"
        >
          <Dialog.Title className="sr-only">Menu</Dialog.Title>
          <Sidebar
            {...props}
            collapsed={false}
            onNavigate={() => setOpen(false)}
            headerAction={
              <Dialog.Close
                aria-label="Close menu"
                className="flex size-9 items-center justify-center rounded-lg text-zinc-400 transition-colors hover:bg-ink-800 hover:text-white"
              >
                <X aria-hidden="true" className="size-5" />
              </Dialog.Close>
            }
          />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
