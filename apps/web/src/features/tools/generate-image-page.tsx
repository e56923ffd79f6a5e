import {
  CREDIT_COSTS,
  formatCount,
  GENERATE_ASPECT_RATIOS,
  GENERATE_COUNT,
  GENERATE_STYLES,
  GENERATE_TEXTS,
  generateCostLabel,
  SEED_MAX,
  type TGalleryItem,
  type TGenerateAspectRatio,
  type TGenerateStyle,
  type TUpgradeModalType,
} from '@muse/shared';
import { Gem, Info, LayoutDashboard, Sparkles } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { PageHeading } from '../../components/layout/page-heading';
import { Button } from '../../components/ui/button';
import { RoleNote } from '../../components/workspace/role-note';
import { UpgradeModal } from '../../components/workspace/upgrade-modal';
import { useDashboard } from '../../lib/workspace';
import { ImageViewer } from '../../components/workspace/image-viewer';
import { useInfluencers } from '../../lib/influencers';
import { useCan } from '../../lib/workspaces';
import { useEngines } from './api/get-engines';
import { GalleryNote } from './components/gallery-note';
import { GenerationCard } from './components/generate/generation-card';
import { PersonaPicker } from './components/generate/persona-picker';
import { ImprovePrompt } from './components/improve-prompt';
import { PromptField } from './components/prompt-field';
import { ChoiceGroup, ResultPlaceholder, ToolLayout } from './components/tool-layout';
import { useGenerateBatch } from './use-generate-batch';
import { useToolAccess } from './use-tool-access';

const COUNTS = Array.from({ length: GENERATE_COUNT.max }, (_, index) => {
  const value = String(index + 1);
  return { value, label: value };
});

/**
 * Generate (docs/product/generate.md): new photos of a persona, one job per image. Without the
 * plan the button opens the 'image' limit modal and nothing is sent; with the offline engine the
 * images are free 'Offline preview's and the page says what they are and do not do yet.
 */
export function GenerateImagePage() {
  const access = useToolAccess('generate-image');
  const engines = useEngines();
  const dashboard = useDashboard();
  const influencers = useInfluencers();
  const [modal, setModal] = useState<TUpgradeModalType | null>(null);
  const [chosen, setChosen] = useState<string | null>(null);
  const [prompt, setPrompt] = useState('');
  const [style, setStyle] = useState<TGenerateStyle>('photo');
  const [aspectRatio, setAspectRatio] = useState<TGenerateAspectRatio>('4:5');
  const [count, setCount] = useState(String(GENERATE_COUNT.default));
  const [seed, setSeed] = useState('');
  const [sentEmpty, setSentEmpty] = useState(false);
  const [open, setOpen] = useState<TGalleryItem | null>(null);
  const batch = useGenerateBatch({ onRefused: () => setModal('image') });
  const seedId = useId();
  const canSpend = useCan('spend');

  const list = influencers.data?.influencers ?? [];
  // The first ready persona is chosen until the creator picks (or picks none).
  const influencerId = chosen ?? list.find((influencer) => influencer.ready)?.id ?? '';
  const persona = list.find((influencer) => influencer.id === influencerId) ?? null;
  const preview = engines.data?.previews.includes('generate-image') ?? false;
  const images = Number(count);
  const cost = preview ? 0 : images * CREDIT_COSTS.imageGeneration;
  const balance = dashboard.data?.credits ?? null;
  const short = balance !== null && balance < cost;
  const planAllows = access.ready && access.reason !== 'plan';

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!canSpend) return;
    if (access.ready && (!planAllows || short)) return setModal('image');
    if (!prompt.trim()) return setSentEmpty(true);
    batch.start({
      influencerId: influencerId || null,
      prompt: prompt.trim(),
      style,
      aspectRatio,
      count: images,
      seed: seed === '' ? null : Number(seed),
    });
  }

  return (
    <>
      <PageHeading title="Generate">
        Describe a scene and get new photos of your influencer in it.
      </PageHeading>

      {influencers.data && list.length === 0 ? (
        <section
          aria-labelledby="no-influencers"
          className="flex flex-col gap-3 rounded-2xl border border-dashed border-ink-700 bg-ink-900/40 p-5 sm:flex-row sm:items-center"
        >
          <div className="flex-1 space-y-1">
            <h2 id="no-influencers" className="text-base font-semibold text-white">
              {GENERATE_TEXTS.noInfluencers}
            </h2>
            <p className="text-sm text-zinc-400">{GENERATE_TEXTS.noInfluencersNote}</p>
          </div>
          <Button asChild variant="outline">
            <Link to="/dashboard">
              <LayoutDashboard aria-hidden="true" className="size-4" />
              {GENERATE_TEXTS.goToDashboard}
            </Link>
          </Button>
        </section>
      ) : null}

      <ToolLayout
        formLabel="Generate images"
        onSubmit={submit}
        form={
          <>
            {list.length ? (
              <PersonaPicker influencers={list} value={influencerId} onChange={setChosen} />
            ) : null}

            <PromptField
              label="Describe the photo"
              value={prompt}
              onChange={setPrompt}
              maxLength={1000}
              placeholder="e.g. 'walking on a beach at sunset in a white linen dress'"
              missing={sentEmpty && !prompt.trim()}
              error="Describe the photo you want"
              hint={
                persona
                  ? `Describe the scene only: Muse adds ${persona.name}'s likeness for you.`
                  : 'No persona: the image shows your scene alone.'
              }
            />
            <ImprovePrompt
              tool="generate-image"
              words={prompt}
              influencerId={influencerId || null}
              name={persona?.name ?? null}
              onImproved={setPrompt}
            />

            <ChoiceGroup
              legend="Style"
              name="style"
              options={GENERATE_STYLES}
              value={style}
              onChange={setStyle}
              columns="grid-cols-2 sm:grid-cols-3"
            />
            <ChoiceGroup
              legend="Aspect ratio"
              name="aspectRatio"
              options={GENERATE_ASPECT_RATIOS}
              value={aspectRatio}
              onChange={setAspectRatio}
              columns="grid-cols-5"
            />
            <div className="grid gap-4 sm:grid-cols-[2fr_1fr]">
              <ChoiceGroup
                legend="Number of images"
                name="count"
                options={COUNTS}
                value={count}
                onChange={setCount}
                columns="grid-cols-4"
              />
              <div className="space-y-2">
                <label htmlFor={seedId} className="mb-2 block text-sm font-medium text-zinc-300">
                  Seed <span className="font-normal text-zinc-400">(optional)</span>
                </label>
                <input
                  id={seedId}
                  type="number"
                  inputMode="numeric"
                  min={0}
                  max={SEED_MAX}
                  step={1}
                  value={seed}
                  onChange={(event) => setSeed(event.target.value)}
                  placeholder="Random"
                  className="h-11 w-full rounded-xl border border-ink-600 bg-ink-900 px-3 text-sm text-zinc-100 placeholder:text-zinc-500 focus:border-brand-400 focus:outline-none"
                />
              </div>
            </div>

            <div className="space-y-1 text-xs" aria-live="polite">
              <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-zinc-300">
                <span className="inline-flex items-center gap-1 font-semibold text-white">
                  <Gem aria-hidden="true" className="size-3.5 text-brand-300" />
                  {generateCostLabel(images, preview)}
                </span>
                {balance !== null ? (
                  <span className="text-zinc-400">
                    Balance after: {formatCount(Math.max(0, balance - cost))} credits
                  </span>
                ) : null}
              </p>
              {access.ready && !planAllows ? (
                <p className="text-amber-300/90">
                  Your plan does not include image generation. Upgrade to use it.
                </p>
              ) : short ? (
                <p className="text-amber-300/90">
                  Not enough credits: this needs {formatCount(cost)}. Get more credits to continue.
                </p>
              ) : null}
            </div>

            {preview ? (
              <p className="flex gap-2 rounded-lg border border-sky-400/25 bg-sky-400/5 p-3 text-xs text-sky-100/90">
                <Info aria-hidden="true" className="mt-0.5 size-3.5 shrink-0" />
                {GENERATE_TEXTS.offlineEngineNote}
              </p>
            ) : null}

            {canSpend ? (
              <div className="space-y-3">
                <Button
                  type="submit"
                  size="lg"
                  className="w-full"
                  disabled={!access.ready || batch.busy}
                >
                  <Sparkles aria-hidden="true" className="size-5" />
                  {GENERATE_TEXTS.generateButton}
                </Button>
                {batch.submitError ? (
                  <p role="alert" className="text-sm text-red-400">
                    {batch.submitError}
                  </p>
                ) : null}
              </div>
            ) : (
              // Generating spends the workspace's credits: a viewer may not.
              <RoleNote />
            )}
          </>
        }
        result={
          batch.jobs.length ? (
            <ul
              aria-label="Images being generated"
              className="grid grid-cols-1 gap-3 sm:grid-cols-2"
            >
              {batch.jobs.map((job, index) => (
                <GenerationCard
                  key={job.id}
                  job={job}
                  number={index + 1}
                  influencerName={
                    list.find((influencer) => influencer.id === job.options.influencerId)?.name ??
                    null
                  }
                  onOpen={setOpen}
                />
              ))}
            </ul>
          ) : (
            <ResultPlaceholder icon={Sparkles}>
              Your images appear here as each one finishes.
            </ResultPlaceholder>
          )
        }
      />

      <GalleryNote>
        {preview
          ? 'Every image you generate is kept in your gallery, ready to upscale, edit or turn into a prompt.'
          : 'Every image you generate is kept in your gallery, with its identity score, ready to upscale, edit or turn into a prompt.'}
      </GalleryNote>

      <ImageViewer item={open} onClose={() => setOpen(null)} />
      <UpgradeModal type={modal} onClose={() => setModal(null)} />
    </>
  );
}
