import { LoaderCircle } from 'lucide-react';
import type { ReactNode } from 'react';
import { useHydrated } from '../../../components/layout/use-hydrated';
import { Button } from '../../../components/ui/button';

/**
 * A form's full-width submit button; while `busy` it is disabled and says `busyLabel`. On a
 * prerendered page it is disabled until the page's scripts have hydrated it, so neither a click
 * nor Enter in a field sends the form before the page can (the browser would post it to the
 * server as a page; docs/decisions/0034-prerendered-public-pages.md).
 */
export function SubmitButton({
  busy,
  busyLabel,
  children,
}: {
  busy: boolean;
  busyLabel: string;
  children: ReactNode;
}) {
  const hydrated = useHydrated();
  return (
    <Button
      type="submit"
      size="lg"
      className="w-full"
      disabled={busy || !hydrated}
      aria-busy={busy || undefined}
    >
      {busy ? (
        <>
          <LoaderCircle className="size-4 animate-spin" aria-hidden="true" />
          {busyLabel}
        </>
      ) : (
        children
      )}
    </Button>
  );
}
