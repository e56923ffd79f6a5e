import { PUBLIC_PAGE_TEXTS } from '@muse/shared';
import { clsx } from 'clsx';
import { Flag } from 'lucide-react';
import { Suspense, lazy, useRef, useState } from 'react';
import { useHydrated } from '../../../components/layout/use-hydrated';
import { useFanPage } from './fan-page-context';

/**
 * The dialog, its form and its schema load when a visitor first reaches for 'Report', not with
 * the page: the public page stays as light as it was
 * (docs/decisions/0034-prerendered-public-pages.md). On the page's own first visit, without the
 * app's providers, the dialog comes with the query client and session it needs
 * (docs/decisions/0058-public-page-for-fans.md).
 */
const loadDialog = () => import('./report-dialog');
const loadStandaloneDialog = () => import('./standalone-report-dialog');
const ReportDialog = lazy(async () => ({ default: (await loadDialog()).ReportDialog }));
const StandaloneReportDialog = lazy(async () => ({
  default: (await loadStandaloneDialog()).StandaloneReportDialog,
}));

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
  /** Joined with clsx: may only add (a margin), never change the button's own classes. */
  className?: string;
}) {
  const { standalone } = useFanPage();
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const Dialog = standalone ? StandaloneReportDialog : ReportDialog;
  const preload = () => void (standalone ? loadStandaloneDialog() : loadDialog()).catch(() => {});
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
        aria-label={postId ? PUBLIC_PAGE_TEXTS.reportPost : PUBLIC_PAGE_TEXTS.reportPage}
        aria-haspopup="dialog"
        className={clsx(
          'inline-flex items-center gap-1.5 rounded-lg px-2 py-1 text-xs font-medium text-zinc-400 transition-colors hover:bg-ink-800 hover:text-zinc-100 disabled:opacity-50',
          className,
        )}
      >
        <Flag aria-hidden="true" className="size-3.5" />
        {PUBLIC_PAGE_TEXTS.report}
      </button>
      {open ? (
        <Suspense fallback={null}>
          <Dialog handle={handle} postId={postId} onClose={close} />
        </Suspense>
      ) : null}
    </>
  );
}
