import {
  DASHBOARD_TEXTS,
  INFLUENCER_TEXTS,
  type TInfluencer,
  type TUpgradeModalType,
} from '@muse/shared';
import { Plus } from 'lucide-react';
import { useEffect, useState } from 'react';
import { PageHeading } from '../../components/layout/page-heading';
import { Button } from '../../components/ui/button';
import { LoadMore } from '../../components/ui/load-more';
import { QueryError } from '../../components/ui/query-error';
import { toast } from '../../components/ui/toaster';
import { UpgradeModal } from '../../components/workspace/upgrade-modal';
import { useInfluencerPages } from '../../lib/influencers';
import { useCan } from '../../lib/workspaces';
import { DeleteInfluencerDialog } from './components/delete-influencer-dialog';
import { InfluencerFormDialog } from './components/influencer-form-dialog';
import { InfluencerCard } from './components/influencer-card';
import { InfluencersEmpty } from './components/influencers-empty';
import { InfluencerUsageBadge } from './components/influencer-usage-badge';

/** The form is closed (null), creating ({ influencer: null }) or editing one influencer. */
type TFormState = { influencer: TInfluencer | null } | null;

/**
 * 'Manage Influencers' (docs/product/workspace.md): the count over the plan's limit,
 * Create opens the form while a slot is free (else the 'Influencer Limit Reached' modal), and
 * each card's Edit opens the form filled in. The cards come a page at a time ('Load more'); the
 * count is of all of them.
 */
export function InfluencersPage() {
  const influencers = useInfluencerPages();
  const [form, setForm] = useState<TFormState>(null);
  const [deleting, setDeleting] = useState<TInfluencer | null>(null);
  const [upgrade, setUpgrade] = useState<TUpgradeModalType | null>(null);
  // Making, editing and deleting influencers is for the roles that edit (not a viewer).
  const canEdit = useCan('edit');
  const data = influencers.data;

  // One toast per failed load (the id keeps a retry's failure from stacking another).
  useEffect(() => {
    if (influencers.isError) toast.error(INFLUENCER_TEXTS.fetchFailed, { id: 'influencers-fetch' });
  }, [influencers.isError, influencers.errorUpdatedAt]);

  function startCreate() {
    if (!data) return;
    if (data.used < data.limit) setForm({ influencer: null });
    else setUpgrade('influencer');
  }

  return (
    <>
      <div className="flex flex-col gap-5 sm:flex-row sm:items-end sm:justify-between">
        <PageHeading title="Manage Influencers">
          Create, edit and manage your AI influencers.
        </PageHeading>
        <div className="flex flex-wrap items-center gap-3">
          <InfluencerUsageBadge usage={data} />
          {canEdit ? (
            <Button onClick={startCreate} disabled={!data} className="w-full sm:w-auto">
              <Plus aria-hidden="true" className="size-4" />
              {DASHBOARD_TEXTS.createInfluencer}
            </Button>
          ) : null}
        </div>
      </div>

      <section aria-labelledby="influencers-heading">
        <h2 id="influencers-heading" className="sr-only">
          Your influencers
        </h2>
        {data ? (
          data.influencers.length === 0 ? (
            <InfluencersEmpty onCreate={canEdit ? startCreate : undefined} />
          ) : (
            <div className="space-y-5">
              <ul
                className="grid grid-cols-1 gap-5 sm:grid-cols-2 xl:grid-cols-3"
                aria-label="Influencers"
              >
                {data.influencers.map((influencer) => (
                  <li key={influencer.id} className="flex min-w-0">
                    <InfluencerCard
                      influencer={influencer}
                      onEdit={canEdit ? () => setForm({ influencer }) : undefined}
                      onDelete={canEdit ? () => setDeleting(influencer) : undefined}
                    />
                  </li>
                ))}
              </ul>
              <LoadMore query={influencers} />
            </div>
          )
        ) : influencers.isError ? (
          <QueryError query={influencers} title="Your influencers could not be loaded." />
        ) : (
          <CardsLoading />
        )}
      </section>

      <InfluencerFormDialog
        open={form !== null}
        onOpenChange={(open) => (open ? undefined : setForm(null))}
        influencer={form?.influencer ?? null}
        onLimitReached={() => setUpgrade('influencer')}
      />
      <DeleteInfluencerDialog influencer={deleting} onClose={() => setDeleting(null)} />
      <UpgradeModal type={upgrade} onClose={() => setUpgrade(null)} />
    </>
  );
}

function CardsLoading() {
  return (
    <div role="status" className="grid grid-cols-1 gap-5 sm:grid-cols-2 xl:grid-cols-3">
      <span className="sr-only">Loading influencers</span>
      {[0, 1, 2].map((index) => (
        <div
          key={index}
          aria-hidden="true"
          className="overflow-hidden rounded-2xl border border-ink-800 bg-ink-900/70"
        >
          <div className="aspect-[4/3] animate-pulse bg-ink-800" />
          <div className="space-y-3 p-5">
            <div className="h-5 w-1/2 animate-pulse rounded bg-ink-800" />
            <div className="h-4 w-full animate-pulse rounded bg-ink-800" />
            <div className="h-4 w-3/4 animate-pulse rounded bg-ink-800" />
          </div>
        </div>
      ))}
    </div>
  );
}
