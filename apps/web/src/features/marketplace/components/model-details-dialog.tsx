import { CLAIM_TEXTS, INFLUENCER_PAGE_ROUTE, type TMarketplaceModel } from '@muse/shared';
import { ArrowRight, CircleCheck, Crown, Loader2 } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { DialogContent } from '../../../components/ui/dialog';
import { toast } from '../../../components/ui/toaster';
import { LicenceTerms } from '../../../components/workspace/licence-terms';
import { UpgradeModal } from '../../../components/workspace/upgrade-modal';
import { ApiError, hasErrorCode } from '../../../lib/api';
import { useAuth } from '../../../lib/auth';
import { cn } from '../../../lib/cn';
import { useClaimModel } from '../api/claim-model';
import { useClaims } from '../api/get-claims';
import { joinOthersText, licencesLeftText, nameWithAge } from '../model-text';
import { ClaimMeter } from './claim-meter';
import { LiveMarker, TierBadge, VersionBadge } from './model-badges';
import { ModelCarousel } from './model-carousel';

/**
 * Lays the dialog out as photos beside details on wide screens, and title, photos, details
 * from top to bottom on phones. The title is the dialog's own heading (its first child).
 */
const LAYOUT = cn(
  'grid max-w-4xl grid-cols-1 gap-0 overflow-x-hidden p-0 md:grid-cols-2 md:grid-rows-[auto_1fr]',
  '[&>h2]:px-5 [&>h2]:pt-5 [&>h2]:pr-14 [&>h2]:pb-4 [&>h2]:text-xl [&>h2]:font-bold [&>h2]:tracking-tight',
  'md:[&>h2]:col-start-2 md:[&>h2]:row-start-1 md:[&>h2]:px-7 md:[&>h2]:pt-7 md:[&>h2]:pr-14 md:[&>h2]:pb-0 md:[&>h2]:text-2xl',
);

/**
 * The detail view of an available model, for inside the card's `Dialog`: Radix traps
 * focus in it, closes it on Escape and on its close button, and hands focus back to the card.
 */
export function ModelDetailsDialogContent({ model }: { model: TMarketplaceModel }) {
  return (
    <DialogContent title={nameWithAge(model)} className={LAYOUT}>
      <div className="relative md:col-start-1 md:row-span-2 md:row-start-1 md:min-h-[36rem]">
        {/* On wide screens the photos fill the column beside the details. */}
        <ModelCarousel
          images={model.images}
          name={model.name}
          className="md:absolute md:inset-0 md:aspect-auto"
        />
      </div>
      <ModelDetails model={model} />
    </DialogContent>
  );
}

function ModelDetails({ model }: { model: TMarketplaceModel }) {
  const { user } = useAuth();
  const attributes = [
    { label: 'Hair', value: model.hair },
    { label: 'Body', value: model.body },
    { label: 'Ethnicity', value: model.ethnicity },
    { label: 'Age', value: String(model.age) },
  ];

  return (
    <div className="flex flex-col gap-5 px-5 pt-5 pb-6 md:col-start-2 md:row-start-2 md:px-7 md:pt-4 md:pb-7">
      <div className="flex flex-wrap items-center gap-2">
        {model.isLive ? <LiveMarker /> : null}
        <VersionBadge />
        <TierBadge tier={model.tier} />
      </div>

      <div className="space-y-2 rounded-xl border border-ink-700 bg-ink-800/50 p-3.5">
        <ClaimMeter model={model} size="md" />
        <p className="text-xs text-zinc-400">{licencesLeftText(model)}</p>
      </div>

      <dl className="grid grid-cols-2 gap-2">
        {attributes.map((attribute) => (
          <div key={attribute.label} className="rounded-xl border border-ink-800 bg-ink-950/40 p-3">
            <dt className="text-xs text-zinc-400">{attribute.label}</dt>
            <dd className="mt-0.5 text-sm font-medium text-white">{attribute.value}</dd>
          </div>
        ))}
      </dl>

      {model.imageKind === 'illustration' ? (
        <p className="rounded-lg border border-ink-700 bg-ink-800/50 px-3 py-2 text-xs leading-5 text-zinc-400">
          Illustrations of the persona, drawn by Muse: they show no real person.
        </p>
      ) : null}

      {model.about ? (
        <section aria-labelledby={`about-${model.id}`} className="space-y-1.5">
          <h3
            id={`about-${model.id}`}
            className="text-xs font-semibold tracking-[0.14em] text-zinc-400"
          >
            ABOUT
          </h3>
          <p className="text-sm leading-6 text-zinc-300">{model.about}</p>
        </section>
      ) : null}

      <dl className="flex items-center justify-between border-t border-ink-800 pt-4 text-sm">
        <dt className="flex items-center gap-2 text-zinc-400">
          <Crown className="size-4 text-brand-300" aria-hidden="true" />
          Tier
        </dt>
        <dd className="font-medium text-white">{model.tier}</dd>
      </dl>

      {user ? (
        <SignedInClaim model={model} />
      ) : (
        <ClaimFooter claimedText={joinOthersText(model.claimed)} claimed={model.claimed}>
          <Button asChild size="lg" className="w-full">
            <Link to="/login">
              Claim Model
              <ArrowRight className="size-4" aria-hidden="true" />
            </Link>
          </Button>
        </ClaimFooter>
      )}
    </div>
  );
}

/** The claim's button (or what stands for it) and who else has claimed the model. */
function ClaimFooter({
  children,
  claimed,
  claimedText,
}: {
  children: ReactNode;
  claimed: number;
  claimedText: string;
}) {
  return (
    <div className="space-y-3">
      {children}
      <p className="flex items-center justify-center gap-2 text-center text-xs text-zinc-400">
        <span aria-hidden="true" className="flex -space-x-1.5">
          {Array.from({ length: Math.min(claimed, 3) }, (_, index) => (
            <span
              key={index}
              className="size-4 rounded-full border border-ink-900 bg-gradient-to-br from-brand-400 to-accent-500"
            />
          ))}
        </span>
        {claimedText}
      </p>
    </div>
  );
}

/**
 * A signed-in creator: a model they hold is theirs, with their persona to open (or, once they
 * deleted its influencer, only the word that it is theirs); any other they may claim.
 */
function SignedInClaim({ model }: { model: TMarketplaceModel }) {
  const claims = useClaims();
  // Held here, not in the button: the claim refreshes the creator's claims, and the button
  // making way for the model they now hold must not drop what follows the claim.
  const claim = useClaimModel();
  const held = claims.data?.find((one) => one.modelId === model.id);
  if (!held || claim.isPending)
    return (
      <ClaimFooter claimedText={joinOthersText(model.claimed)} claimed={model.claimed}>
        {/* Until the creator's claims are known, a claim could be one they already hold. */}
        <ClaimButton model={model} claim={claim} checking={claims.isPending} />
      </ClaimFooter>
    );
  return (
    <ClaimFooter
      claimedText={CLAIM_TEXTS.ownedWithOthers(Math.max(model.claimed - 1, 0))}
      claimed={model.claimed}
    >
      <p className="flex items-center justify-center gap-2 rounded-xl border border-emerald-400/30 bg-emerald-400/10 px-3 py-2.5 text-sm font-medium text-emerald-200">
        <CircleCheck className="size-4 shrink-0" aria-hidden="true" />
        {held.influencerId ? CLAIM_TEXTS.owned : CLAIM_TEXTS.alreadyHeld}
      </p>
      {held.influencerId ? (
        <Button asChild size="lg" className="w-full">
          <Link to={`${INFLUENCER_PAGE_ROUTE}/${held.influencerId}`}>
            {CLAIM_TEXTS.openPersona}
            <ArrowRight className="size-4" aria-hidden="true" />
          </Link>
        </Button>
      ) : null}
    </ClaimFooter>
  );
}

/**
 * A signed-in creator claims the model on the spot: a licence and an influencer slot. Without
 * a free slot the influencer limit modal opens instead (docs/product/marketplace.md).
 */
function ClaimButton({
  model,
  claim,
  checking,
}: {
  model: TMarketplaceModel;
  claim: ReturnType<typeof useClaimModel>;
  checking: boolean;
}) {
  const navigate = useNavigate();
  const [limitReached, setLimitReached] = useState(false);
  const [accepted, setAccepted] = useState(false);

  function submit() {
    claim.mutate(model.id, {
      onSuccess: () => {
        toast.success(CLAIM_TEXTS.claimed(model.name));
        void navigate('/influencers');
      },
      onError: (error) => {
        if (hasErrorCode(error, 'INFLUENCER_LIMIT')) setLimitReached(true);
        else
          toast.error(
            error instanceof ApiError && error.serverError ? error.serverError : CLAIM_TEXTS.failed,
          );
      },
    });
  }

  return (
    <>
      <LicenceTerms accepted={accepted} onChange={setAccepted} />
      <Button
        size="lg"
        className="w-full"
        onClick={submit}
        disabled={claim.isPending || checking || !accepted}
      >
        {claim.isPending ? 'Claiming...' : 'Claim Model'}
        {claim.isPending ? (
          <Loader2 className="size-4 animate-spin" aria-hidden="true" />
        ) : (
          <ArrowRight className="size-4" aria-hidden="true" />
        )}
      </Button>
      <UpgradeModal
        type={limitReached ? 'influencer' : null}
        onClose={() => setLimitReached(false)}
      />
    </>
  );
}
