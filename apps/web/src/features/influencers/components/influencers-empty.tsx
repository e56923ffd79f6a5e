import { Plus, UserRoundPlus } from 'lucide-react';
import { Button } from '../../../components/ui/button';

/**
 * No influencers yet: a friendly line and the way to create the first one (without `onCreate`,
 * for a role that may not, no button).
 */
export function InfluencersEmpty({ onCreate }: { onCreate?: () => void }) {
  return (
    <div className="flex flex-col items-center rounded-2xl border border-dashed border-ink-700 bg-ink-900/40 px-6 py-14 text-center sm:py-20">
      <span className="grid size-16 place-items-center rounded-2xl bg-gradient-to-br from-brand-500/20 to-accent-500/20 text-brand-300">
        <UserRoundPlus aria-hidden="true" className="size-8" />
      </span>
      <h2 className="mt-5 text-xl font-semibold text-white">No Influencers Yet</h2>
      <p className="mt-2 max-w-md text-sm text-zinc-400">
        Your AI influencers will live here. Create your first one: give it a name, a niche and a
        personality, and it is ready for content.
      </p>
      {onCreate ? (
        <Button className="mt-6" onClick={onCreate}>
          <Plus aria-hidden="true" className="size-4" />
          Create Your First Influencer
        </Button>
      ) : null}
    </div>
  );
}
