import {
  LICENCE_TERMS,
  ONBOARDING_PICKER_LIMIT,
  type TMarketplaceModel,
  type TOnboardingAnswers,
} from '@muse/shared';
import { Check, Store, Upload, type LucideIcon } from 'lucide-react';
import { useId } from 'react';
import { QueryError } from '../../../components/ui/query-error';
import { LicenceTerms } from '../../../components/workspace/licence-terms';
import { cn } from '../../../lib/cn';
import { useMarketplaceModels } from '../../../lib/marketplace-models';
import { StepHeader } from '../components/step-header';

/**
 * Step 3: how the influencer is made. 'Pick from Marketplace' shows the model grid (the page's
 * Back returns to the choice); 'Create Custom Model' chooses a custom model and moves on at once.
 */
export function CreationMethodStep({
  answers,
  browsing,
  onPickMarketplace,
  onCreateCustom,
  onPickModel,
  onAcceptTerms,
}: {
  answers: TOnboardingAnswers;
  browsing: boolean;
  onPickMarketplace: () => void;
  onCreateCustom: () => void;
  onPickModel: (modelId: number) => void;
  onAcceptTerms: (accepted: boolean) => void;
}) {
  if (browsing)
    return (
      <ModelPicker
        selectedId={answers.modelId}
        onPick={onPickModel}
        termsAccepted={answers.licenceTermsVersion === LICENCE_TERMS.version}
        onAcceptTerms={onAcceptTerms}
      />
    );
  return (
    <>
      <StepHeader title="How do you want to create your AI influencer?">
        Start from a ready-made model, or train one on your own photos.
      </StepHeader>
      <div className="mt-8 grid gap-4 sm:grid-cols-2">
        <MethodCard
          icon={Store}
          title="Pick from Marketplace"
          text="Choose a ready-made persona and start creating in minutes."
          selected={answers.creationMethod === 'marketplace'}
          onSelect={onPickMarketplace}
        />
        <MethodCard
          icon={Upload}
          title="Create Custom Model"
          text="Upload your own photos and train a model that is yours alone."
          selected={answers.creationMethod === 'custom'}
          onSelect={onCreateCustom}
        />
      </div>
    </>
  );
}

function MethodCard({
  icon: Icon,
  title,
  text,
  selected,
  onSelect,
}: {
  icon: LucideIcon;
  title: string;
  text: string;
  selected: boolean;
  onSelect: () => void;
}) {
  const titleId = useId();
  const textId = useId();
  return (
    <button
      type="button"
      aria-pressed={selected}
      aria-labelledby={titleId}
      aria-describedby={textId}
      onClick={onSelect}
      className={cn(
        'group flex cursor-pointer flex-col items-start gap-4 rounded-3xl border p-6 text-left transition-colors',
        selected
          ? 'border-brand-400/80 bg-brand-500/10'
          : 'border-ink-700 bg-ink-900/70 hover:border-ink-600 hover:bg-ink-800/70',
      )}
    >
      <span
        aria-hidden="true"
        className="flex size-12 items-center justify-center rounded-2xl bg-gradient-to-br from-brand-500 to-accent-500 text-white shadow-lg shadow-brand-500/20"
      >
        <Icon className="size-6" />
      </span>
      <span>
        <span id={titleId} className="block text-lg font-semibold text-white">
          {title}
        </span>
        <span id={textId} className="mt-1 block text-sm text-zinc-400">
          {text}
        </span>
      </span>
    </button>
  );
}

function ModelPicker({
  selectedId,
  onPick,
  termsAccepted,
  onAcceptTerms,
}: {
  selectedId: number | null;
  onPick: (modelId: number) => void;
  termsAccepted: boolean;
  onAcceptTerms: (accepted: boolean) => void;
}) {
  const models = useMarketplaceModels();
  // The picker lists at most 15 unclaimed models.
  const available = (models.data ?? [])
    .filter((model) => model.available)
    .slice(0, ONBOARDING_PICKER_LIMIT);

  return (
    <>
      <StepHeader title="Pick from Marketplace">
        Choose a ready-made persona for your influencer. You can also continue and pick one later.
      </StepHeader>
      <div className="mt-8">
        {models.isPending ? (
          <div role="status" className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
            <span className="sr-only">Loading models...</span>
            {Array.from({ length: 10 }, (_, index) => (
              <div
                key={index}
                aria-hidden="true"
                className="aspect-[3/4] animate-pulse rounded-2xl bg-ink-800"
              />
            ))}
          </div>
        ) : models.isError ? (
          <QueryError query={models} title="The models could not be loaded." className="py-10" />
        ) : available.length === 0 ? (
          <p className="rounded-2xl border border-ink-800 bg-ink-900/70 px-6 py-10 text-center text-sm text-zinc-300">
            Every model is claimed right now. Check back for new models, or create a custom one.
          </p>
        ) : (
          <ul
            aria-label="Marketplace models"
            className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5"
          >
            {available.map((model, index) => (
              <li key={model.id}>
                <ModelOption
                  model={model}
                  eager={index < 5}
                  selected={model.id === selectedId}
                  onPick={() => onPick(model.id)}
                />
              </li>
            ))}
          </ul>
        )}
        {/* A pick is a claim: Continue waits for its licence terms to be accepted. */}
        {selectedId !== null ? (
          <LicenceTerms accepted={termsAccepted} onChange={onAcceptTerms} className="mt-6" />
        ) : null}
      </div>
    </>
  );
}

function ModelOption({
  model,
  eager,
  selected,
  onPick,
}: {
  model: TMarketplaceModel;
  eager: boolean;
  selected: boolean;
  onPick: () => void;
}) {
  const cover = model.images[0];
  const title = model.age > 0 ? `${model.name}, ${model.age}` : model.name;
  return (
    <button
      type="button"
      aria-pressed={selected}
      onClick={onPick}
      className={cn(
        'group relative block w-full cursor-pointer overflow-hidden rounded-2xl border-2 text-left transition-colors',
        selected ? 'border-brand-400' : 'border-transparent hover:border-ink-600',
      )}
    >
      <span className="block aspect-[3/4] bg-ink-800">
        {cover ? (
          <img
            src={cover.card}
            width={cover.width}
            height={cover.height}
            alt=""
            loading={eager ? 'eager' : 'lazy'}
            decoding="async"
            className="size-full object-cover transition duration-500 group-hover:scale-[1.03] motion-reduce:transform-none"
          />
        ) : null}
      </span>
      <span className="absolute inset-x-0 bottom-0 bg-gradient-to-t from-ink-950/95 via-ink-950/60 to-transparent px-3 pt-8 pb-2.5 text-sm font-semibold text-white">
        {title}
      </span>
      {selected ? (
        <span
          aria-hidden="true"
          className="absolute top-2 right-2 flex size-7 items-center justify-center rounded-full bg-brand-500 text-white shadow-lg"
        >
          <Check className="size-4" strokeWidth={3} />
        </span>
      ) : null}
    </button>
  );
}
