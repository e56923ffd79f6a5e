import {
  isFinished,
  TOOL_TEXTS,
  UPSCALE_FACTOR,
  UPSCALE_MAX_INPUT_SIDE,
  UPSCALE_MODELS,
  type TJob,
  type TUpgradeModalType,
} from '@muse/shared';
import { ImageUp, Maximize2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { PageHeading } from '../../components/layout/page-heading';
import { UpgradeModal } from '../../components/workspace/upgrade-modal';
import { BeforeAfter } from './components/before-after';
import { DownloadLink } from './components/download-link';
import { ImagePicker, usePickedImage } from './components/image-picker';
import { JobFailure } from '../../components/workspace/job-failure';
import { JobProgress } from '../../components/workspace/job-progress';
import { ToolSubmit } from './components/tool-submit';
import { HistorySection, ImageGallery } from './components/results-gallery';
import { ChoiceGroup, ResultPlaceholder, ToolLayout, Toggle } from './components/tool-layout';
import { formatSize } from '../../lib/media-format';
import { useToolAccess } from './use-tool-access';
import { useToolJob } from './use-tool-job';

type TModel = (typeof UPSCALE_MODELS)[number]['value'];

const MODEL_NOTES: Record<TModel, string> = {
  v2: 'Sharper detail, larger model',
  v1: 'Faster, smaller model',
};

/**
 * Upscale (docs/product/tools.md): one image made 4x larger by the AI upscaler, with the model
 * checkpoint and Overlapping Tiles options. Works when the plan includes upscaling and the credits
 * cover it; otherwise picking an image or pressing the button opens the 'upscale' limit modal.
 */
export function UpscalePage() {
  const access = useToolAccess('upscale');
  const [modal, setModal] = useState<TUpgradeModalType | null>(null);
  const [image, setImage] = usePickedImage();
  const [model, setModel] = useState<TModel>('v2');
  const [overlappingTiles, setOverlappingTiles] = useState(false);
  const [sentWithoutImage, setSentWithoutImage] = useState(false);
  const tool = useToolJob('upscale', { onRefused: () => setModal('upscale') });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!access.allowed) return setModal('upscale');
    if (!image) return setSentWithoutImage(true);
    tool.start({
      tool: 'upscale',
      image: image.file,
      galleryId: image.galleryId,
      options: { model, overlappingTiles: overlappingTiles ? 'true' : 'false' },
    });
  }

  return (
    <>
      <PageHeading title="Upscale">
        Make an image {UPSCALE_FACTOR}x larger with an AI upscaler that restores skin, hair and
        fabric detail. It takes images up to {UPSCALE_MAX_INPUT_SIDE} × {UPSCALE_MAX_INPUT_SIDE}{' '}
        pixels; a larger one can be scaled down to fit when you choose it.
      </PageHeading>

      <ToolLayout
        formLabel="Upscale an image"
        onSubmit={submit}
        form={
          <>
            <ImagePicker
              label="Image to upscale"
              buttonLabel="Choose an image"
              value={image}
              onChange={setImage}
              required={sentWithoutImage}
              blocked={access.ready && !access.allowed}
              onBlocked={() => setModal('upscale')}
              disabled={!access.ready}
              maxSide={{ pixels: UPSCALE_MAX_INPUT_SIDE, message: TOOL_TEXTS.upscaleTooLarge }}
            />

            <div className="flex items-center justify-between gap-4 rounded-xl border border-ink-700 bg-ink-950/60 p-3">
              <span className="text-sm font-medium text-zinc-300" id="upscale-factor-label">
                Upscale factor
              </span>
              <span
                aria-labelledby="upscale-factor-label"
                className="inline-flex items-center gap-1.5 rounded-lg bg-ink-800 px-3 py-1 text-sm font-semibold text-white"
              >
                <Maximize2 aria-hidden="true" className="size-3.5 text-brand-300" />
                {UPSCALE_FACTOR}x
              </span>
            </div>

            <ChoiceGroup
              legend="Model checkpoint"
              name="model"
              columns="grid-cols-1 sm:grid-cols-2"
              options={UPSCALE_MODELS.map((option) => ({
                ...option,
                note: MODEL_NOTES[option.value],
              }))}
              value={model}
              onChange={setModel}
            />

            <Toggle
              label="Overlapping Tiles"
              hint={TOOL_TEXTS.overlappingTilesHint}
              checked={overlappingTiles}
              onChange={setOverlappingTiles}
            />

            <ToolSubmit
              icon={ImageUp}
              label={TOOL_TEXTS.upscaleButton}
              access={access}
              gems
              disabled={!access.ready || tool.busy}
              error={tool.submitError}
            />
          </>
        }
        result={<UpscaleResult job={tool.current} followError={tool.followError} />}
      />

      <HistorySection
        heading="Your upscaled images"
        emptyText={TOOL_TEXTS.upscaleEmpty}
        emptyIcon={ImageUp}
        jobs={tool.jobs}
      >
        {(jobs) => (
          <ImageGallery
            jobs={jobs}
            selectedId={tool.current?.id ?? null}
            onSelect={tool.select}
            describe={(job) => (job.outputs[0] ? formatSize(job.outputs[0]) : 'Failed')}
          />
        )}
      </HistorySection>

      <UpgradeModal type={modal} onClose={() => setModal(null)} />
    </>
  );
}

function UpscaleResult({ job, followError }: { job: TJob | null; followError: string | null }) {
  if (!job) {
    return (
      <ResultPlaceholder icon={ImageUp}>
        Your upscaled image appears here, {UPSCALE_FACTOR}x larger, next to the original.
      </ResultPlaceholder>
    );
  }
  const output = job.outputs[0];
  return (
    <div className="space-y-4">
      {job.status === 'failed' ? (
        <JobFailure job={job} />
      ) : (
        <JobProgress job={job} label="Upscale progress" />
      )}
      {followError ? (
        <p role="alert" className="text-sm text-red-400">
          {followError}
        </p>
      ) : null}
      {job.status === 'succeeded' && output && job.input ? (
        <>
          <BeforeAfter before={job.input} after={output} />
          <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
            <p className="text-sm text-zinc-300">
              <span className="sr-only">Size: </span>
              {formatSize(job.input)} →{' '}
              <span className="font-semibold text-white">{formatSize(output)}</span>
            </p>
            <DownloadLink file={output} />
          </div>
        </>
      ) : null}
      {!isFinished(job.status) && job.input ? (
        <img
          src={job.input.url}
          alt={`The image being upscaled, ${formatSize(job.input)}`}
          className="mx-auto max-h-80 w-full max-w-sm rounded-xl object-contain opacity-60"
        />
      ) : null}
    </div>
  );
}
