import { PLANS, formatCount, formatUsd, type TSubscriptionSummary } from '@muse/shared';
import { AlertTriangle, ArrowRight, CalendarClock, CreditCard, Info } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { QueryError } from '../../components/ui/query-error';
import { PageHeading } from '../../components/layout/page-heading';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { toast } from '../../components/ui/toaster';
import { ApiError } from '../../lib/api';
import { cn } from '../../lib/cn';
import { useSubscription } from '../../lib/subscription';
import { formatDate } from '../../lib/format-date';
import { useCan } from '../../lib/workspaces';
import { RoleNote } from '../../components/workspace/role-note';
import { useResumeSubscription } from './api/resume-subscription';
import { CancelSubscriptionDialog } from './components/cancel-subscription-dialog';
import { PlanIcon } from './components/plan-icon';

type TSubscription = NonNullable<TSubscriptionSummary['subscription']>;

/** The account's plan, its billing and renewal, and cancelling it. */
export function SubscriptionsPage() {
  const subscription = useSubscription();

  let body: ReactNode;
  if (subscription.isPending) {
    body = <Spinner label="Loading subscription..." className="py-24" />;
  } else if (subscription.isError) {
    body = (
      <QueryError
        query={subscription}
        title="Your subscription could not be loaded."
        className="py-14"
      />
    );
  } else if (!subscription.data.subscription) {
    body = <NoSubscription />;
  } else {
    body = (
      <div className="grid items-start gap-6 lg:grid-cols-3">
        <SubscriptionCard
          subscription={subscription.data.subscription}
          live={subscription.data.plan !== null}
        />
        <BalanceCard summary={subscription.data} />
      </div>
    );
  }

  return (
    <>
      <PageHeading title="Manage Subscriptions">
        Your plan, how it is billed and when it renews.
      </PageHeading>
      {body}
    </>
  );
}

function NoSubscription() {
  return (
    <div className="relative overflow-hidden rounded-2xl border border-ink-800 bg-[radial-gradient(80%_70%_at_50%_0%,rgba(139,92,246,0.12),transparent_70%)] bg-ink-900 px-6 py-16 text-center sm:py-20">
      <span className="mx-auto flex size-14 items-center justify-center rounded-2xl bg-gradient-to-br from-brand-500/25 to-accent-500/25 text-brand-300 ring-1 ring-brand-400/25 ring-inset">
        <CreditCard aria-hidden="true" className="size-6" />
      </span>
      <h2 className="mt-5 text-xl font-semibold text-white">No Subscriptions Found</h2>
      <p className="mx-auto mt-2 max-w-md text-sm text-zinc-400">
        You are on the FREE plan. Choose a plan to receive credits and influencer slots every month.
      </p>
      <Button asChild className="mt-7">
        <Link to="/credits">
          Browse Plans
          <ArrowRight aria-hidden="true" className="size-4" />
        </Link>
      </Button>
    </div>
  );
}

const STATUS_LABELS: Record<string, string> = {
  active: 'Active',
  trialing: 'Trial',
  past_due: 'Payment due',
  canceled: 'Canceled',
  unpaid: 'Unpaid',
  incomplete: 'Incomplete',
  incomplete_expired: 'Expired',
  paused: 'Paused',
};

function statusBadge(subscription: TSubscription, live: boolean) {
  if (live && subscription.cancelAtPeriodEnd) {
    return { label: 'Cancels at period end', tone: 'amber' as const };
  }
  const label = STATUS_LABELS[subscription.status] ?? subscription.status;
  if (!live) return { label, tone: 'muted' as const };
  return {
    label,
    tone: subscription.status === 'past_due' ? ('amber' as const) : ('green' as const),
  };
}

const TONES = {
  green: 'border-emerald-400/30 bg-emerald-400/10 text-emerald-300',
  amber: 'border-amber-400/30 bg-amber-400/10 text-amber-300',
  muted: 'border-ink-600 bg-ink-800 text-zinc-400',
};

function SubscriptionCard({ subscription, live }: { subscription: TSubscription; live: boolean }) {
  const [confirming, setConfirming] = useState(false);
  const resume = useResumeSubscription();
  // Changing, cancelling and resuming the workspace's plan is its owners' (the 'billing' right).
  const canBill = useCan('billing');
  const plan = PLANS[subscription.plan];
  const yearly = subscription.billing === 'yearly';
  const ending = live && subscription.cancelAtPeriodEnd;
  const badge = statusBadge(subscription, live);

  let dateLabel = 'Renews on';
  let date = subscription.currentPeriodEnd;
  if (!live) {
    dateLabel = 'Ended on';
    date = subscription.canceledAt ?? subscription.currentPeriodEnd;
  } else if (ending) {
    dateLabel = 'Ends on';
  }

  return (
    <section
      aria-labelledby="subscription-heading"
      className="rounded-2xl border border-ink-800 bg-ink-900/70 lg:col-span-2"
    >
      <div className="flex flex-col gap-5 border-b border-ink-800 p-5 sm:flex-row sm:items-start sm:justify-between sm:p-6">
        <div className="flex items-start gap-4 sm:items-center">
          <PlanIcon plan={plan.key} className="size-12" />
          <div>
            <div className="flex flex-wrap items-center gap-2">
              <h2 id="subscription-heading" className="text-xl font-semibold text-white">
                {subscription.planName} plan
              </h2>
              <span
                className={cn(
                  'rounded-full border px-2.5 py-0.5 text-xs font-semibold',
                  TONES[badge.tone],
                )}
              >
                {badge.label}
              </span>
            </div>
            <p className="mt-1 text-sm text-zinc-400">
              {formatCount(plan.creditsPerMonth)} credits and {plan.trainingsPerMonth} influencer
              training{plan.trainingsPerMonth === 1 ? '' : 's'} every month
            </p>
          </div>
        </div>
        <p className="shrink-0 sm:text-right">
          <span className="text-2xl font-bold tracking-tight text-white">
            {formatUsd(yearly ? plan.yearlyTotalCents : plan.monthlyPriceCents)}
          </span>
          <span className="text-sm text-zinc-400">{yearly ? '/year' : '/month'}</span>
          {yearly ? (
            <span className="block text-xs text-zinc-400">
              {formatUsd(plan.yearlyMonthlyPriceCents)}/month, billed yearly
            </span>
          ) : null}
        </p>
      </div>

      <dl className="grid grid-cols-2 gap-px bg-ink-800 sm:grid-cols-3">
        <Detail label="Billing">{yearly ? 'Yearly' : 'Monthly'}</Detail>
        <Detail label="Status">{STATUS_LABELS[subscription.status] ?? subscription.status}</Detail>
        <Detail label={dateLabel} className="col-span-2 sm:col-span-1">
          {formatDate(date)}
        </Detail>
      </dl>

      <div className="space-y-4 p-5 sm:p-6">
        {ending ? (
          <Notice tone="amber" icon={CalendarClock}>
            Your subscription is cancelled and will not renew. You keep the {plan.name} plan&apos;s
            benefits until {formatDate(subscription.currentPeriodEnd)}.
          </Notice>
        ) : null}
        {!live ? (
          <Notice tone="muted" icon={Info}>
            This subscription has ended. Your credits and trainings are still yours; choose a plan
            to get new ones every month.
          </Notice>
        ) : null}
        {subscription.status === 'past_due' ? (
          <Notice tone="amber" icon={AlertTriangle}>
            The last payment did not go through. Update your payment method to keep your plan.
          </Notice>
        ) : null}

        {canBill ? (
          <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
            {live && !ending ? (
              <>
                <Button asChild variant="outline">
                  <Link to="/credits">Change plan</Link>
                </Button>
                <Button
                  variant="ghost"
                  className="text-red-300 hover:bg-red-500/10 hover:text-red-200"
                  onClick={() => setConfirming(true)}
                >
                  Cancel subscription
                </Button>
              </>
            ) : (
              <div className="flex flex-col gap-3 sm:flex-row">
                {ending ? (
                  <Button
                    disabled={resume.isPending}
                    onClick={() =>
                      resume.mutate(undefined, {
                        onSuccess: () => toast.success('Your subscription will renew as before.'),
                        onError: (error) =>
                          toast.error(
                            error instanceof ApiError
                              ? error.message
                              : 'Could not resume the subscription',
                          ),
                      })
                    }
                  >
                    {resume.isPending ? 'Resuming...' : 'Resume subscription'}
                  </Button>
                ) : null}
                <Button asChild variant={ending ? 'outline' : 'primary'}>
                  <Link to="/credits">
                    Browse Plans
                    <ArrowRight aria-hidden="true" className="size-4" />
                  </Link>
                </Button>
              </div>
            )}
          </div>
        ) : (
          <RoleNote />
        )}
      </div>

      {/* Stays mounted after the cancellation, so its success toast still shows. */}
      <CancelSubscriptionDialog
        open={confirming}
        onOpenChange={setConfirming}
        planName={plan.name}
        periodEnd={subscription.currentPeriodEnd}
      />
    </section>
  );
}

function Detail({
  label,
  className,
  children,
}: {
  label: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={cn('bg-ink-900 px-5 py-4 sm:px-6', className)}>
      <dt className="text-xs font-medium tracking-wide text-zinc-400 uppercase">{label}</dt>
      <dd className="mt-1 font-medium text-zinc-100">{children}</dd>
    </div>
  );
}

function Notice({
  tone,
  icon: Icon,
  children,
}: {
  tone: 'amber' | 'muted';
  icon: typeof Info;
  children: ReactNode;
}) {
  return (
    <p
      className={cn(
        'flex gap-3 rounded-xl border px-4 py-3 text-sm',
        tone === 'amber'
          ? 'border-amber-400/25 bg-amber-400/5 text-amber-100'
          : 'border-ink-700 bg-ink-800/50 text-zinc-300',
      )}
    >
      <Icon
        aria-hidden="true"
        className={cn(
          'mt-0.5 size-4 shrink-0',
          tone === 'amber' ? 'text-amber-300' : 'text-zinc-400',
        )}
      />
      <span>{children}</span>
    </p>
  );
}

function BalanceCard({ summary }: { summary: TSubscriptionSummary }) {
  return (
    <section
      aria-labelledby="subscription-balance-heading"
      className="rounded-2xl border border-ink-800 bg-ink-900/70 p-5 sm:p-6"
    >
      <h2 id="subscription-balance-heading" className="text-sm font-medium text-zinc-400">
        Your balance
      </h2>
      <dl className="mt-4 space-y-4">
        <div className="flex items-baseline justify-between gap-4">
          <dt className="text-sm text-zinc-400">Credits</dt>
          <dd className="text-2xl font-bold tracking-tight text-white">
            {formatCount(summary.credits)}
          </dd>
        </div>
        <div className="flex items-baseline justify-between gap-4">
          <dt className="text-sm text-zinc-400">Influencer slots unused</dt>
          <dd className="text-lg font-semibold text-white">{formatCount(summary.modelTokens)}</dd>
        </div>
        <div className="flex items-baseline justify-between gap-4">
          <dt className="text-sm text-zinc-400">Influencer slots in total</dt>
          <dd className="text-lg font-semibold text-white">
            {formatCount(summary.influencerSlots)}
          </dd>
        </div>
      </dl>
      <Link
        to="/credits"
        className="mt-5 inline-flex items-center gap-1 text-sm font-medium text-brand-300 hover:text-brand-400"
      >
        Credit history
        <ArrowRight aria-hidden="true" className="size-3.5" />
      </Link>
    </section>
  );
}
