import {
  DASHBOARD_TEXTS,
  formatCount,
  formatUsage,
  type TDashboard,
  type TUpgradeModalType,
} from '@muse/shared';
import { ArrowRight, Coins, Plus, Sparkles, Users, type LucideIcon } from 'lucide-react';
import { useState, type ComponentType } from 'react';
import { Link } from 'react-router';
import { PageHeading } from '../../components/layout/page-heading';
import { Button } from '../../components/ui/button';
import { QueryError } from '../../components/ui/query-error';
import { Spinner } from '../../components/ui/spinner';
import { ToolCardGrid } from '../../components/workspace/tool-cards';
import { UpgradeModal } from '../../components/workspace/upgrade-modal';
import { useDashboard } from '../../lib/workspace';
import { usePaymentFlag } from '../../lib/use-payment-flag';
import { useOnboarding } from '../../lib/onboarding';
import { useCan } from '../../lib/workspaces';
import { RecentInfluencerCard } from './components/recent-influencer-card';
import { WaitingDraftCard } from './components/waiting-draft-card';

/**
 * Dashboard 'Discover' (docs/product/workspace.md): the real balance and influencer usage ('75
 * Credits' and '0/0 Influencers' on a new FREE account), the way to a new influencer, the recent
 * ones and the six tools.
 */
export function DashboardPage({
  createInfluencerForm: CreateInfluencerForm,
}: {
  /** The influencer form, handed in by the app (the influencers feature owns it). */
  createInfluencerForm: ComponentType<{
    open: boolean;
    onOpenChange: (open: boolean) => void;
    onLimitReached: () => void;
  }>;
}) {
  const dashboard = useDashboard();
  // The onboarding's checkout returns here (payment=success): the toast says so.
  usePaymentFlag();
  const [creating, setCreating] = useState(false);
  const [upgrade, setUpgrade] = useState<TUpgradeModalType | null>(null);
  // The way to a new influencer is for the roles that edit (not a viewer).
  const canEdit = useCan('edit');
  const data = dashboard.data;

  function startCreating() {
    if (!data) return;
    if (data.influencers.used < data.influencers.limit) setCreating(true);
    else setUpgrade('influencer');
  }

  return (
    <>
      <div className="flex flex-col gap-5 sm:flex-row sm:items-end sm:justify-between">
        <PageHeading title="Discover">
          Your AI influencers, their tools and your balance at a glance.
        </PageHeading>
        {data ? (
          <div className="flex flex-wrap gap-2">
            <Badge to="/credits" icon={Coins} label={`${formatCount(data.credits)} Credits`} />
            <Badge
              to="/influencers"
              icon={Users}
              label={formatUsage(data.influencers, 'Influencers')}
            />
          </div>
        ) : null}
      </div>

      {dashboard.isPending ? (
        <Spinner label={DASHBOARD_TEXTS.loading} className="py-24" />
      ) : dashboard.isError ? (
        <QueryError query={dashboard} title="The dashboard could not be loaded." />
      ) : (
        <>
          {canEdit ? <CreateBanner dashboard={dashboard.data} onCreate={startCreating} /> : null}
          <RecentInfluencers dashboard={dashboard.data} />
          <section aria-labelledby="dashboard-tools-heading" className="space-y-4">
            <SectionHeader
              id="dashboard-tools-heading"
              title="Tools"
              to="/view-all"
              linkLabel="View all tools"
            />
            <ToolCardGrid />
          </section>
        </>
      )}

      <CreateInfluencerForm
        open={creating}
        onOpenChange={setCreating}
        onLimitReached={() => setUpgrade('influencer')}
      />
      <UpgradeModal type={upgrade} onClose={() => setUpgrade(null)} />
    </>
  );
}

function Badge({ to, icon: Icon, label }: { to: string; icon: LucideIcon; label: string }) {
  return (
    <Link
      to={to}
      className="inline-flex h-9 items-center gap-2 rounded-full border border-ink-700 bg-ink-900 px-4 text-sm font-semibold text-zinc-100 transition-colors hover:border-brand-400/60"
    >
      <Icon aria-hidden="true" className="size-4 text-brand-300" />
      {label}
    </Link>
  );
}

function CreateBanner({ dashboard, onCreate }: { dashboard: TDashboard; onCreate: () => void }) {
  const free = dashboard.influencers.limit - dashboard.influencers.used;
  let note = 'Pick a plan to unlock influencer slots, then bring your first persona to life.';
  if (free > 0) note = `You have ${free} free influencer slot${free === 1 ? '' : 's'}.`;
  else if (dashboard.influencers.limit > 0) note = 'Every slot is in use. Upgrade for more.';
  return (
    <section
      aria-labelledby="create-banner-heading"
      className="relative overflow-hidden rounded-3xl border border-brand-400/20 bg-ink-900 p-6 sm:p-8"
    >
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-0 bg-[radial-gradient(90%_120%_at_100%_0%,rgba(139,92,246,0.28),transparent_60%),radial-gradient(70%_100%_at_0%_100%,rgba(236,72,153,0.22),transparent_60%)]"
      />
      <div className="relative flex flex-col gap-6 md:flex-row md:items-center md:justify-between">
        <div className="max-w-xl space-y-2">
          <p className="inline-flex items-center gap-1.5 text-xs font-semibold tracking-wider text-brand-300 uppercase">
            <Sparkles aria-hidden="true" className="size-3.5" />
            {dashboard.planLabel} plan
          </p>
          <h2 id="create-banner-heading" className="text-2xl font-bold text-white sm:text-3xl">
            Build your next AI influencer
          </h2>
          <p className="text-sm text-zinc-300">
            Give it a name, a niche and a voice, then create photos, videos and prompts with it.{' '}
            {note}
          </p>
        </div>
        <Button size="lg" onClick={onCreate} className="shrink-0 max-md:w-full">
          <Plus aria-hidden="true" className="size-5" />
          {DASHBOARD_TEXTS.createInfluencer}
        </Button>
      </div>
    </section>
  );
}

function RecentInfluencers({ dashboard }: { dashboard: TDashboard }) {
  const influencers = dashboard.recentInfluencers;
  // A finished onboarding's persona waiting for a slot is shown as the draft it is.
  const onboarding = useOnboarding().data?.onboarding;
  const draft = onboarding?.draftPending ? onboarding : null;
  return (
    <section aria-labelledby="recent-influencers-heading" className="space-y-4">
      <SectionHeader
        id="recent-influencers-heading"
        title="Recent Influencers"
        to={influencers.length > 0 ? '/influencers' : undefined}
        linkLabel="View all influencers"
      />
      {draft ? <WaitingDraftCard onboarding={draft} /> : null}
      {draft && influencers.length === 0 ? null : influencers.length === 0 ? (
        <div className="flex flex-col items-center rounded-2xl border border-dashed border-ink-700 bg-ink-900/40 px-6 py-12 text-center">
          <span className="grid size-14 place-items-center rounded-2xl bg-gradient-to-br from-brand-500/20 to-accent-500/20 text-brand-300">
            <Users aria-hidden="true" className="size-7" />
          </span>
          <h3 className="mt-4 text-lg font-semibold text-white">{DASHBOARD_TEXTS.noInfluencers}</h3>
          <p className="mt-1.5 max-w-sm text-sm text-zinc-400">
            The influencers you create or claim from the{' '}
            <Link
              to="/marketplace"
              className="text-brand-300 underline underline-offset-2 hover:text-brand-400"
            >
              marketplace
            </Link>{' '}
            show up here.
          </p>
        </div>
      ) : (
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 lg:grid-cols-6">
          {influencers.map((influencer) => (
            <li key={influencer.id}>
              <RecentInfluencerCard influencer={influencer} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function SectionHeader({
  id,
  title,
  to,
  linkLabel,
}: {
  id: string;
  title: string;
  to?: string;
  /** The link's full name for screen readers ("View all tools"). */
  linkLabel: string;
}) {
  return (
    <div className="flex items-center justify-between gap-4">
      <h2 id={id} className="text-xl font-semibold text-white">
        {title}
      </h2>
      {to ? (
        <Link
          to={to}
          aria-label={linkLabel}
          className="inline-flex items-center gap-1 text-sm font-medium text-brand-300 hover:text-brand-400"
        >
          View all
          <ArrowRight aria-hidden="true" className="size-4" />
        </Link>
      ) : null}
    </div>
  );
}
