import { Toaster as SonnerToaster } from 'sonner';

export { toast } from 'sonner';

/** Spec §9: at most 20 toasts at once. */
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
