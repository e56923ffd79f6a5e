import { Toaster as SonnerToaster } from 'sonner';
import { registerToaster } from './toaster-slot';

/**
 * Raise toasts with this `toast`, never sonner's own: importing it from here is what mounts the
 * Toaster (see toaster-slot.tsx), so sonner loads with the first page that can toast.
 */
export { toast } from 'sonner';

/** At most 20 toasts at once (docs/product/workspace.md). */
export const TOAST_LIMIT = 20;

export function Toaster() {
  return (
    <SonnerToaster
      theme="dark"
      position="top-right"
      richColors
      closeButton
      visibleToasts={TOAST_LIMIT}
    />
  );
}

registerToaster(<Toaster />);
