import { LoaderCircle } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/button';

/**
 * A form's full-width submit button; while `busy` it is disabled and says `busyLabel`. Until a
 * prerendered page has hydrated it is disabled too (`Button`), so neither a click nor Enter in a
 * field sends the form before the page can.
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
  return (
    <Button
      type="submit"
      size="lg"
      className="w-full"
      disabled={busy}
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
