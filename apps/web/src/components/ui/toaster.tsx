import { useSyncExternalStore } from 'react';
import { Toaster as SonnerToaster } from 'sonner';
import { registerToaster } from './toaster-slot';

/**
 * Raise toasts with this `toast`, never sonner's own: importing it from here is what mounts the
 * Toaster (see toaster-slot.tsx), so sonner loads with the first page that can toast.
 */
export { toast } from 'sonner';

/** At most 20 toasts at once (docs/product/workspace.md). */
export const TOAST_LIMIT = 20;

/** Where sonner lays toasts out across the whole width (its own breakpoint). */
const PHONE_QUERY = '(max-width: 600px)';
/**
 * On a phone, toasts sit below the header (64 px on public pages, 56 px in the workspace) with a
 * gap, so its menu and sign-in buttons stay within reach.
 */
const PHONE_TOP_OFFSET = 72;

function subscribe(onChange: () => void) {
  const query = window.matchMedia(PHONE_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}
const isPhone = () => window.matchMedia(PHONE_QUERY).matches;

/**
 * Toasts never cover the header or a page's actions (docs/product/workspace.md): bottom right
 * on a wider screen, where headers and page titles keep their buttons at the top; on a phone,
 * top centre below the header, away from the bottom of the screen the thumb works in.
 */
export function Toaster() {
  const phone = useSyncExternalStore(subscribe, isPhone, () => false);
  return (
    <SonnerToaster
      theme="dark"
      position={phone ? 'top-center' : 'bottom-right'}
      mobileOffset={{ top: PHONE_TOP_OFFSET }}
      richColors
      closeButton
      visibleToasts={TOAST_LIMIT}
    />
  );
}

registerToaster(<Toaster />);
