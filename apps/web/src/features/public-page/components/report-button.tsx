import { REPORT_TEXTS } from '@muse/shared';
import { Flag } from 'lucide-react';
import { Suspense, lazy, useRef, useState } from 'react';
import { useHydrated } from '../../../components/layout/use-hydrated';
import { cn } from '../../../lib/cn';

/**
 * The dialog, its form and its schema load when a visitor first reaches for 'Report', not with
 * the page: the public page stays as light as it was
 * (docs/decisions/0034-prerendered-public-pages.md).
 */
const loadDialog = () => import('./report-dialog');
const ReportDialog = lazy(async () => ({ default: (await loadDialog()).ReportDialog }));
const preload = () => void loadDialog().catch(() => {});

/**
 * 'Report' on a public page (no `postId`) or on one of its posts
 * (docs/product/reports-and-takedown.md): a small button that opens the report dialog.
 */
export function ReportButton({
  handle,
  postId,
  className,
}: {
  handle: string;
  postId?: string;
  className?: string;
}) {
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  // Focus goes back to the button once the dialog has gone, as it came from it.
  const close = () => {
    setOpen(false);
    requestAnimationFrame(() => button.current?.focus());
  };
  return (
    <>
      <button
        ref={button}
        type="button"
        disabled={!hydrated}
        onPointerEnter={preload}
        onFocus={preload}
        onClick={() => setOpen(true)}
        aria-label={postId ? REPORT_TEXTS.reportPost : REPORT_TEXTS.reportPage}
        aria-haspopup="dialog"
        className={cn(
          'inline-flex items-center gap-1.5 rounded-lg px-2 py-1 text-xs font-medium text-zinc-400 transition-colors hover:bg-ink-800 hover:text-zinc-100 disabled:opacity-50',
          className,
        )}
      >
        <Flag aria-hidden="true" className="size-3.5" />
        {REPORT_TEXTS.report}
      </button>
      {open ? (
        <Suspense fallback={null}>
          <ReportDialog handle={handle} postId={postId} onClose={close} />
        </Suspense>
      ) : null}
    </>
  );
}
