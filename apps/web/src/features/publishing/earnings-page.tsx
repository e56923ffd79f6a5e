import {
  PAYOUT_MIN_CENTS,
  PUBLISHING_TEXTS,
  type TEarnings,
  type TEarningsLine,
  type TPayout,
  type TPendingSale,
} from '@muse/shared';
import {
  ArrowRight,
  Banknote,
  CalendarDays,
  CircleDollarSign,
  Hourglass,
  Landmark,
  Loader2,
  Percent,
  Receipt,
  Wallet,
  type LucideIcon,
} from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { PageHeading } from '../../components/layout/page-heading';
import { Button } from '../../components/ui/button';
import { ErrorBanner, NoticeBanner, errorText } from '../../components/ui/form';
import { QueryError } from '../../components/ui/query-error';
import { Spinner } from '../../components/ui/spinner';
import { toast } from '../../components/ui/toaster';
import { redirectTo } from '../../lib/checkout';
import { cn } from '../../lib/cn';
import { useEarnings } from './api/get-earnings';
import { useRequestPayout } from './api/request-payout';
import { useSetUpPayouts } from './api/set-up-payouts';
import { browserTimeZone, formatDateTime, formatDay, dayKey } from './calendar-time';
import { formatMoney } from './publishing-format';
import { WEB_PUBLISHING_TEXTS } from './publishing-texts';
import { usePayoutsFlag } from './use-payouts-flag';
import { useCan } from '../../lib/workspaces';

/**
 * The creator's earnings (docs/product/publishing.md): gross sales, Muse's fee, net, paid out and
 * available; the same by post and by influencer; payouts, requested for the whole available
 * balance, through Stripe Connect or recorded in TEST MODE.
 */
export function EarningsPage() {
  const earnings = useEarnings();
  usePayoutsFlag();

  return (
    <>
      <PageHeading title="Earnings">
        What fans paid for your pay-per-view posts, Muse’s fee, and your payouts.
      </PageHeading>
      {earnings.isPending ? (
        <Spinner label="Loading earnings..." className="py-20" />
      ) : earnings.isError ? (
        <QueryError query={earnings} title={WEB_PUBLISHING_TEXTS.earningsLoadFailed} />
      ) : earnings.data.sales === 0 && earnings.data.payouts.length === 0 ? (
        <>
          <EarningsEmpty />
          <PayoutAccountNote earnings={earnings.data} />
        </>
      ) : (
        <EarningsView earnings={earnings.data} />
      )}
    </>
  );
}

function EarningsEmpty() {
  return (
    <section
      aria-labelledby="earnings-empty-heading"
      className="flex flex-col items-center rounded-2xl border border-dashed border-ink-700 bg-ink-900/40 px-6 py-16 text-center"
    >
      <span className="grid size-16 place-items-center rounded-2xl bg-gradient-to-br from-brand-500/20 to-accent-500/20 text-brand-300">
        <Wallet aria-hidden="true" className="size-8" />
      </span>
      <h2 id="earnings-empty-heading" className="mt-5 text-xl font-semibold text-white">
        {WEB_PUBLISHING_TEXTS.earningsEmpty}
      </h2>
      <p className="mt-2 max-w-sm text-sm text-zinc-400">
        {WEB_PUBLISHING_TEXTS.earningsEmptyNote}
      </p>
      <Button asChild className="mt-6">
        <Link to="/calendar">
          <CalendarDays aria-hidden="true" className="size-4" />
          Open the calendar
        </Link>
      </Button>
    </section>
  );
}

function EarningsView({ earnings }: { earnings: TEarnings }) {
  return (
    <>
      <EarningsCards earnings={earnings} />
      {earnings.owedCents > 0 ? (
        <NoticeBanner>
          {WEB_PUBLISHING_TEXTS.owedNote(formatMoney(earnings.owedCents))}
        </NoticeBanner>
      ) : null}
      <PayoutsSection earnings={earnings} />
      <PendingSales earnings={earnings} />
      <EarningsTable id="by-post" title="By post" subject="Post" lines={earnings.byPost} />
      <EarningsTable
        id="by-influencer"
        title="By influencer"
        subject="Influencer"
        lines={earnings.byInfluencer}
      />
    </>
  );
}

/** Gross, fee, net, paid out, pending and available: the figures the ledger adds up to. */
export function EarningsCards({ earnings }: { earnings: TEarnings }) {
  const [timeZone] = useState(browserTimeZone);
  const next = earnings.pending.find((sale) => sale.status === 'pending');
  const pendingNote = next
    ? `Next on ${formatDay(dayKey(next.availableAt, timeZone))}`
    : earnings.heldCents > 0
      ? 'Held by a dispute'
      : `Held ${earnings.holdDays} days after each sale`;
  return (
    <section aria-labelledby="earnings-summary-heading">
      <h2 id="earnings-summary-heading" className="sr-only">
        Summary
      </h2>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 2xl:grid-cols-6">
        <Card
          icon={Receipt}
          label="Gross sales"
          value={formatMoney(earnings.grossCents)}
          note={`${earnings.sales} sale${earnings.sales === 1 ? '' : 's'}`}
        />
        <Card
          icon={Percent}
          label={WEB_PUBLISHING_TEXTS.feeLabel}
          value={formatMoney(earnings.feeCents)}
          note="Taken from each sale"
        />
        <Card
          icon={CircleDollarSign}
          label="Net earnings"
          value={formatMoney(earnings.netCents)}
          note={
            earnings.refundedCents > 0
              ? `Refunds took back ${formatMoney(earnings.refundedCents)}`
              : 'Gross sales minus the fee'
          }
        />
        <Card
          icon={Banknote}
          label="Paid out"
          value={formatMoney(earnings.paidOutCents)}
          note="Sent or on its way"
        />
        <Card
          icon={Hourglass}
          label="Pending"
          value={formatMoney(earnings.pendingCents + earnings.heldCents)}
          note={pendingNote}
        />
        <Card
          icon={Wallet}
          label="Available"
          value={formatMoney(earnings.availableCents)}
          note="Ready to pay out"
          highlight
        />
      </dl>
    </section>
  );
}

function Card({
  icon: Icon,
  label,
  value,
  note,
  highlight = false,
}: {
  icon: LucideIcon;
  label: string;
  value: string;
  note: string;
  highlight?: boolean;
}) {
  return (
    <div
      className={cn(
        'min-w-0 rounded-2xl border p-4 sm:p-5',
        highlight
          ? 'border-brand-400/25 bg-[radial-gradient(140%_120%_at_0%_0%,rgba(236,72,153,0.16),transparent_60%)] bg-ink-900'
          : 'border-ink-800 bg-ink-900/70',
      )}
    >
      <dt className="flex items-center gap-2 text-sm font-medium text-zinc-400">
        <Icon
          aria-hidden="true"
          className={cn('size-4 shrink-0', highlight ? 'text-brand-300' : 'text-zinc-500')}
        />
        <span className="truncate">{label}</span>
      </dt>
      <dd className="mt-2">
        <span className="block truncate text-2xl font-bold text-white tabular-nums">{value}</span>
        <span className="mt-1 block text-xs text-zinc-400">{note}</span>
      </dd>
    </div>
  );
}

/** TEST MODE says that no money moves; with Stripe and no ready account, the way to set one up. */
function PayoutAccountNote({ earnings }: { earnings: TEarnings }) {
  const setUp = useSetUpPayouts();
  const canPayOut = useCan('billing');
  const account = earnings.payoutAccount;
  if (account.testMode) return <NoticeBanner>{WEB_PUBLISHING_TEXTS.testModePayouts}</NoticeBanner>;
  // The payout account is set up by the workspace's owners (the 'billing' right).
  if (account.ready || !canPayOut) return null;

  function start() {
    setUp.mutate(undefined, {
      onSuccess: (url) => redirectTo(url),
      onError: (error) => toast.error(errorText(error, WEB_PUBLISHING_TEXTS.payoutSetupFailed)),
    });
  }

  return (
    <div className="flex flex-col gap-3 rounded-xl border border-ink-700 bg-ink-950/60 p-4 sm:flex-row sm:items-center sm:justify-between">
      <p className="flex items-start gap-2.5 text-sm text-zinc-300">
        <Landmark aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-accent-400" />
        {WEB_PUBLISHING_TEXTS.payoutSetupNeeded}
      </p>
      <Button
        variant="outline"
        size="sm"
        onClick={start}
        disabled={setUp.isPending || setUp.isSuccess}
        className="shrink-0"
      >
        {setUp.isPending || setUp.isSuccess ? (
          <Loader2 aria-hidden="true" className="size-4 animate-spin" />
        ) : (
          <ArrowRight aria-hidden="true" className="size-4" />
        )}
        {account.connected ? 'Continue setting up payouts' : 'Set up payouts'}
      </Button>
    </div>
  );
}

/** Why a payout cannot be requested now, or null when it can. */
export function payoutBlocker(earnings: TEarnings): string | null {
  const account = earnings.payoutAccount;
  if (!account.testMode && !account.ready) return PUBLISHING_TEXTS.payoutAccountNeeded;
  if (earnings.availableCents < PAYOUT_MIN_CENTS) return PUBLISHING_TEXTS.payoutTooSmall;
  return null;
}

function PayoutsSection({ earnings }: { earnings: TEarnings }) {
  const payout = useRequestPayout();
  const reasonId = useId();
  const blocker = payoutBlocker(earnings);
  // Payouts are requested by the workspace's owners (the 'billing' right); others see them.
  const canPayOut = useCan('billing');

  function request() {
    payout.mutate(undefined, {
      onSuccess: () => toast.success(PUBLISHING_TEXTS.payoutRequested),
      onError: (error) => toast.error(errorText(error, PUBLISHING_TEXTS.payoutFailed)),
    });
  }

  return (
    <section
      aria-labelledby="payouts-heading"
      className="space-y-4 rounded-2xl border border-ink-800 bg-ink-900/70 p-4 sm:p-6"
    >
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="space-y-1">
          <h2 id="payouts-heading" className="text-lg font-semibold text-white">
            Payouts
          </h2>
          <p className="text-sm text-zinc-400">
            A payout sends your whole available balance,{' '}
            <span className="font-semibold text-zinc-200">
              {formatMoney(earnings.availableCents)}
            </span>
            .
          </p>
        </div>
        {canPayOut ? (
          <div className="flex flex-col gap-1.5 sm:items-end">
            <Button
              onClick={request}
              disabled={blocker !== null || payout.isPending}
              aria-describedby={blocker ? reasonId : undefined}
              className="max-sm:w-full"
            >
              {payout.isPending ? (
                <Loader2 aria-hidden="true" className="size-4 animate-spin" />
              ) : (
                <Banknote aria-hidden="true" className="size-4" />
              )}
              {payout.isPending ? 'Sending...' : 'Request payout'}
            </Button>
            {blocker ? (
              <p id={reasonId} className="text-xs text-zinc-400">
                {blocker}
              </p>
            ) : null}
          </div>
        ) : null}
      </div>
      {payout.isError ? (
        <ErrorBanner>{errorText(payout.error, PUBLISHING_TEXTS.payoutFailed)}</ErrorBanner>
      ) : null}
      <PayoutAccountNote earnings={earnings} />
      <PayoutHistory payouts={earnings.payouts} />
    </section>
  );
}

const PAYOUT_STATUS_LABELS: Record<TPayout['status'], string> = {
  pending: 'On its way',
  paid: 'Paid',
  failed: 'Failed, back in your balance',
};

function PayoutHistory({ payouts }: { payouts: readonly TPayout[] }) {
  const [timeZone] = useState(browserTimeZone);
  if (payouts.length === 0) return <p className="text-sm text-zinc-400">No payouts yet.</p>;
  return (
    <TableFrame>
      <table className="w-full border-collapse text-left text-sm">
        <caption className="sr-only">Payout history, newest first</caption>
        <thead className="bg-ink-800/80 text-xs tracking-wide text-zinc-300 uppercase">
          <tr>
            <th scope="col" className="px-3 py-2.5 font-semibold sm:px-4">
              Date
            </th>
            <th scope="col" className="px-3 py-2.5 text-right font-semibold sm:px-4">
              Amount
            </th>
            <th scope="col" className="px-3 py-2.5 font-semibold sm:px-4">
              Status
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-ink-800">
          {payouts.map((payout) => (
            <tr key={payout.id}>
              <td className="px-3 py-3 text-zinc-300 sm:px-4">
                <time dateTime={payout.createdAt}>
                  {formatDateTime(payout.createdAt, timeZone)}
                </time>
              </td>
              <td className="px-3 py-3 text-right font-semibold text-zinc-100 tabular-nums sm:px-4">
                {formatMoney(payout.amountCents)}
              </td>
              <td className="px-3 py-3 text-zinc-300 sm:px-4">
                <span
                  className={cn(
                    payout.status === 'failed' && 'text-red-300',
                    payout.status === 'paid' && 'text-emerald-300',
                  )}
                >
                  {PAYOUT_STATUS_LABELS[payout.status]}
                </span>
                {payout.provider === 'test' ? (
                  <span className="ml-2 rounded-full bg-amber-400/10 whitespace-nowrap px-2 py-0.5 text-[11px] font-semibold text-amber-300">
                    TEST MODE
                  </span>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableFrame>
  );
}

const PENDING_STATUS_LABELS: Record<TPendingSale['status'], string> = {
  pending: 'Pending',
  disputed: 'On hold: disputed',
};

/** Sales whose share is not available yet, with the day each becomes available. */
function PendingSales({ earnings }: { earnings: TEarnings }) {
  const [timeZone] = useState(browserTimeZone);
  if (earnings.pending.length === 0) return null;
  return (
    <section aria-labelledby="pending-heading" className="space-y-3">
      <div className="space-y-1">
        <h2 id="pending-heading" className="text-lg font-semibold text-white">
          Pending earnings
        </h2>
        <p className="text-sm text-zinc-400">
          {WEB_PUBLISHING_TEXTS.pendingNote(earnings.holdDays)}
        </p>
      </div>
      <TableFrame>
        <table
          aria-labelledby="pending-heading"
          className="w-full border-collapse text-left text-xs sm:text-sm"
        >
          <thead className="bg-ink-800/80 text-[11px] tracking-wide text-zinc-300 uppercase sm:text-xs">
            <tr>
              <th scope="col" className="px-2 py-2.5 font-semibold sm:px-4">
                Post
              </th>
              <th scope="col" className="px-2 py-2.5 text-right font-semibold sm:px-4">
                Net
              </th>
              <th scope="col" className="px-2 py-2.5 font-semibold sm:px-4">
                Available
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-ink-800">
            {earnings.pending.map((sale) => (
              <tr key={sale.id}>
                <th
                  scope="row"
                  className="px-2 py-2.5 font-medium wrap-anywhere text-zinc-100 sm:px-4"
                >
                  {sale.label || 'Untitled'}
                </th>
                <td className="px-2 py-2.5 text-right font-semibold whitespace-nowrap text-zinc-100 tabular-nums sm:px-4">
                  {formatMoney(sale.netCents)}
                </td>
                <td className="px-2 py-2.5 text-zinc-300 sm:px-4">
                  {sale.status === 'disputed' ? (
                    <span className="text-amber-300">{PENDING_STATUS_LABELS.disputed}</span>
                  ) : (
                    <time dateTime={sale.availableAt}>
                      {formatDay(dayKey(sale.availableAt, timeZone))}
                    </time>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableFrame>
    </section>
  );
}

function TableFrame({ children }: { children: ReactNode }) {
  return <div className="overflow-hidden rounded-xl border border-ink-700">{children}</div>;
}

/** Sales, gross, fee and net of each post or influencer. */
function EarningsTable({
  id,
  title,
  subject,
  lines,
}: {
  id: string;
  title: string;
  subject: string;
  lines: readonly TEarningsLine[];
}) {
  const headingId = `${id}-heading`;
  const number = 'px-2 py-2.5 text-right whitespace-nowrap tabular-nums sm:px-4';
  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <h2 id={headingId} className="text-lg font-semibold text-white">
        {title}
      </h2>
      {lines.length === 0 ? (
        <p className="text-sm text-zinc-400">No sales yet.</p>
      ) : (
        <TableFrame>
          <table
            aria-labelledby={headingId}
            className="w-full border-collapse text-left text-xs sm:text-sm"
          >
            <thead className="bg-ink-800/80 text-[11px] tracking-wide text-zinc-300 uppercase sm:text-xs">
              <tr>
                <th scope="col" className="px-2 py-2.5 font-semibold sm:px-4">
                  {subject}
                </th>
                <th scope="col" className={cn(number, 'font-semibold')}>
                  Sales
                </th>
                <th scope="col" className={cn(number, 'font-semibold')}>
                  Gross
                </th>
                <th scope="col" className={cn(number, 'font-semibold')}>
                  <abbr title={WEB_PUBLISHING_TEXTS.feeLabel} className="no-underline">
                    Fee
                  </abbr>
                </th>
                <th scope="col" className={cn(number, 'font-semibold')}>
                  Net
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-ink-800">
              {lines.map((line) => (
                <tr key={line.id}>
                  <th
                    scope="row"
                    className="px-2 py-2.5 font-medium wrap-anywhere text-zinc-100 sm:px-4"
                  >
                    {line.label || 'Untitled'}
                  </th>
                  <td className={cn(number, 'text-zinc-300')}>{line.sales}</td>
                  <td className={cn(number, 'text-zinc-300')}>{formatMoney(line.grossCents)}</td>
                  <td className={cn(number, 'text-zinc-400')}>{formatMoney(line.feeCents)}</td>
                  <td className={cn(number, 'font-semibold text-zinc-100')}>
                    {formatMoney(line.netCents)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableFrame>
      )}
    </section>
  );
}
