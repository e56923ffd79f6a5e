import {
  GENERATE_ASPECT_RATIOS,
  VIDEO_TEXTS,
  type TGalleryItem,
  type TGenerateAspectRatio,
  type TJob,
  type TJobFile,
  type TProduct,
} from '@muse/shared';
import { Package, Users } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { JobFailure } from '../../../components/workspace/job-failure';
import { JobProgress } from '../../../components/workspace/job-progress';
import type { TUpgradeModal } from '../../../components/workspace/upgrade-modal';
import { cn } from '../../../lib/cn';
import { useGallery } from '../../../lib/gallery';
import { IdentityBadge, OfflinePreviewLabel } from '../../../components/workspace/identity-badge';
import { useInfluencers } from '../../../lib/influencers';
import { previewButtonLabel } from '../../../lib/media-format';
import { useToolAccess } from '../use-tool-access';
import { useToolJob } from '../use-tool-job';
import { DownloadLink } from './download-link';
import { PersonaPicker } from './generate/persona-picker';
import { PromptField } from './prompt-field';
import { OfflineNote } from './offline-note';
import { ChoiceGroup } from './tool-layout';
import { ToolSubmit } from './tool-submit';

/**
 * A product shot (docs/product/tools.md): the chosen persona presenting `product` in a scene
 * described in words, made from the product's first photo. Opens from the product's card; a
 * refusal of the plan or the balance closes it for the upgrade modal (`onLimit`).
 */
export function ProductShotDialog({
  product,
  onClose,
  onLimit,
}: {
  product: TProduct | null;
  onClose: () => void;
  onLimit: (type: TUpgradeModal) => void;
}) {
  return (
    <Dialog open={product !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      {product ? (
        <DialogContent
          title={`Product shot: ${product.name}`}
          description="Your persona presenting this product, in a scene you describe."
          className="max-w-3xl"
        >
          {/* Keyed by product: another product starts with a clean form and its own shots. */}
          <ProductShotForm key={product.id} product={product} onLimit={onLimit} />
        </DialogContent>
      ) : null}
    </Dialog>
  );
}

/** What the dialog shows large: the job it follows, or one of the product's earlier shots. */
type TShown = { kind: 'job' } | { kind: 'shot'; item: TGalleryItem };

function ProductShotForm({
  product,
  onLimit,
}: {
  product: TProduct;
  onLimit: (type: TUpgradeModal) => void;
}) {
  const access = useToolAccess('product-shot');
  const influencers = useInfluencers();
  const shots = useGallery({ kind: 'image', productId: product.id });
  const [chosen, setChosen] = useState<string | null>(null);
  const [prompt, setPrompt] = useState('');
  const [aspectRatio, setAspectRatio] = useState<TGenerateAspectRatio>('4:5');
  const [sent, setSent] = useState(false);
  const [shown, setShown] = useState<TShown>({ kind: 'job' });
  const tool = useToolJob('product-shot', {
    onRefused: () => onLimit('tool'),
    resume: (job) => job.options.productId === product.id,
  });
  const earlierId = useId();

  const list = influencers.data?.influencers ?? [];
  const ready = list.filter((influencer) => influencer.ready);
  const influencerId = chosen ?? ready[0]?.id ?? '';
  const persona = list.find((influencer) => influencer.id === influencerId) ?? null;
  const noPersona = influencers.data !== undefined && ready.length === 0;
  const promptMissing = !prompt.trim();
  const earlier = shots.data?.pages.flatMap((page) => page.items) ?? [];

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (access.reason) return onLimit(access.reason === 'credits' ? 'credits' : 'tool');
    setSent(true);
    if (promptMissing || !persona?.ready) return;
    setShown({ kind: 'job' });
    tool.start({
      tool: 'product-shot',
      options: { productId: product.id, influencerId, prompt: prompt.trim(), aspectRatio },
    });
  }

  return (
    <div className="mt-5 space-y-6">
      <form
        aria-label={`Generate a product shot of ${product.name}`}
        onSubmit={submit}
        noValidate
        className="space-y-5"
      >
        <div className="flex items-center gap-3 rounded-xl border border-ink-700 bg-ink-950/60 p-2 pr-3">
          <span className="size-14 shrink-0 overflow-hidden rounded-lg bg-ink-800">
            {product.images[0] ? (
              <img src={product.images[0].thumbnail} alt="" className="size-full object-cover" />
            ) : (
              <Package aria-hidden="true" className="m-auto mt-4 size-6 text-zinc-500" />
            )}
          </span>
          <p className="min-w-0 text-sm text-zinc-300">
            <span className="block truncate font-medium text-white">{product.name}</span>
            Made from its first photo
          </p>
        </div>

        {noPersona ? (
          <div className="flex flex-col gap-3 rounded-xl border border-dashed border-ink-700 p-4 sm:flex-row sm:items-center">
            <p className="flex-1 text-sm text-zinc-300">
              A product shot needs a ready persona to present the product: create an influencer and
              upload its photos first.
            </p>
            <Button asChild variant="outline" size="sm">
              <Link to="/influencers">
                <Users aria-hidden="true" className="size-4" />
                Go to Influencers
              </Link>
            </Button>
          </div>
        ) : list.length ? (
          <PersonaPicker
            influencers={list}
            value={influencerId}
            onChange={setChosen}
            allowNone={false}
            legend="Persona"
          />
        ) : null}

        <PromptField
          label="Describe the scene"
          value={prompt}
          onChange={setPrompt}
          maxLength={1000}
          placeholder="e.g. 'at a sunny café table, holding it up to the camera'"
          missing={sent && promptMissing}
          error="Describe the scene"
          hint={`Describe the scene only: Muse adds ${persona?.name ?? 'the persona'} and the product.`}
        />

        <ChoiceGroup
          legend="Aspect ratio"
          name="productAspectRatio"
          options={GENERATE_ASPECT_RATIOS}
          value={aspectRatio}
          onChange={setAspectRatio}
          columns="grid-cols-5"
        />

        {access.preview ? <OfflineNote>{VIDEO_TEXTS.offlineProductNote}</OfflineNote> : null}

        <ToolSubmit
          icon={Package}
          label={
            access.preview
              ? previewButtonLabel(VIDEO_TEXTS.productButton, VIDEO_TEXTS.previewButtonSuffix)
              : VIDEO_TEXTS.productButton
          }
          access={access}
          disabled={!access.ready || tool.busy || noPersona}
          error={tool.submitError}
        />
      </form>

      <section aria-label="Shot" className="space-y-4">
        {shown.kind === 'shot' ? (
          <ShotFigure file={shown.item} preview={shown.item.preview} label="Product shot" />
        ) : tool.current ? (
          <ShotResult job={tool.current} followError={tool.followError} />
        ) : null}
      </section>

      <section aria-labelledby={earlierId} className="space-y-3">
        <h3 id={earlierId} className="text-sm font-semibold text-white">
          Earlier shots of this product
        </h3>
        {shots.isPending ? (
          <p className="text-sm text-zinc-400">Loading…</p>
        ) : shots.isError ? (
          <p className="text-sm text-zinc-400">The earlier shots could not be loaded.</p>
        ) : earlier.length === 0 ? (
          <p className="text-sm text-zinc-400">No shots of this product yet.</p>
        ) : (
          <ul className="grid grid-cols-4 gap-2 sm:grid-cols-6">
            {earlier.map((item) => {
              const active = shown.kind === 'shot' && shown.item.id === item.id;
              return (
                <li key={item.id}>
                  <button
                    type="button"
                    onClick={() => setShown({ kind: 'shot', item })}
                    aria-pressed={active}
                    aria-label={`Show the shot: ${item.prompt}`}
                    className={cn(
                      'block aspect-square w-full overflow-hidden rounded-lg border-2 bg-ink-950 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-400',
                      active ? 'border-brand-400' : 'border-transparent',
                    )}
                  >
                    <img
                      src={item.thumbnailUrl}
                      alt=""
                      loading="lazy"
                      className="size-full object-cover"
                    />
                  </button>
                </li>
              );
            })}
          </ul>
        )}
      </section>
    </div>
  );
}

/** The job of the dialog: its progress, why it failed, or the finished shot. */
function ShotResult({ job, followError }: { job: TJob; followError: string | null }) {
  const output = job.status === 'succeeded' ? job.outputs[0] : undefined;
  return (
    <>
      {job.status === 'failed' ? (
        <JobFailure job={job} />
      ) : (
        <JobProgress job={job} label="Product shot progress" />
      )}
      {followError ? (
        <p role="alert" className="text-sm text-red-400">
          {followError}
        </p>
      ) : null}
      {output ? <ShotFigure file={output} preview={job.preview} label="Product shot" /> : null}
    </>
  );
}

/** One shot, large, with its identity score, its label and its download. */
function ShotFigure({
  file,
  preview,
  label,
}: {
  file: Pick<
    TJobFile,
    'url' | 'width' | 'height' | 'fileName' | 'contentType' | 'identityScore' | 'scoreNote'
  >;
  preview: boolean;
  label: string;
}) {
  return (
    <figure className="space-y-3">
      <img
        src={file.url}
        alt={label}
        width={file.width}
        height={file.height}
        className="mx-auto h-auto max-h-[24rem] w-auto max-w-full rounded-xl border border-ink-700 bg-ink-950 object-contain"
      />
      <figcaption className="flex flex-wrap items-center gap-2">
        <IdentityBadge score={file.identityScore} note={file.scoreNote} />
        {preview ? <OfflinePreviewLabel /> : null}
        <span className="ml-auto">
          <DownloadLink file={file} label="Download" size="sm" />
        </span>
      </figcaption>
    </figure>
  );
}
