import {
  EDIT_ASPECT_RATIO_OPTIONS,
  EDIT_FORMAT_OPTIONS,
  isFinished,
  SAFETY_TOLERANCE,
  TOOL_MAX_INPUT_SIDE,
  TOOL_TEXTS,
  type TJob,
  type TUpgradeModalType,
} from '@muse/shared';
import { Info, Wand2 } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { PageHeading } from '../../components/layout/page-heading';
import { UpgradeModal } from '../../components/workspace/upgrade-modal';
import { useEngines } from './api/get-engines';
import { DownloadLink } from './components/download-link';
import { ImagePicker, usePickedImage } from './components/image-picker';
import { JobFailure } from '../../components/workspace/job-failure';
import { JobProgress } from '../../components/workspace/job-progress';
import { ToolSubmit } from './components/tool-submit';
import { HistorySection, ImageGallery } from './components/results-gallery';
import { ChoiceGroup, ResultPlaceholder, ToolLayout } from './components/tool-layout';
import { formatLabel, formatSize } from '../../lib/media-format';
import { useToolAccess } from './use-tool-access';
import { useToolJob } from './use-tool-job';

type TAspectRatio = (typeof EDIT_ASPECT_RATIO_OPTIONS)[number]['value'];
type TFormat = (typeof EDIT_FORMAT_OPTIONS)[number]['value'];

/**
 * Edit image (docs/product/tools.md): reframe an image to an aspect ratio, convert its format and
 * (with a generative engine) change it as described in words, within a safety tolerance of 1–6.
 * Without the plan or the credits, the button (and picking an image) opens the 'edit-image' limit
 * modal.
 */
export function EditImagePage() {
  const access = useToolAccess('edit-image');
  const engines = useEngines();
  const [modal, setModal] = useState<TUpgradeModalType | null>(null);
  const [image, setImage] = usePickedImage();
  const [aspectRatio, setAspectRatio] = useState<TAspectRatio>('match');
  const [format, setFormat] = useState<TFormat>('jpg');
  const [safetyTolerance, setSafetyTolerance] = useState<number>(SAFETY_TOLERANCE.default);
  const [prompt, setPrompt] = useState('');
  const [sentWithoutImage, setSentWithoutImage] = useState(false);
  const tool = useToolJob('edit-image', { onRefused: () => setModal('edit-image') });
  const sliderId = useId();
  const promptId = useId();

  // Words need a generative engine: offline, the page offers framing and format only.
  const wordsSupported = engines.data?.generativeEdits === true;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!access.allowed) return setModal('edit-image');
    if (!image) return setSentWithoutImage(true);
    tool.start({
      tool: 'edit-image',
      image: image.file,
      galleryId: image.galleryId,
      options: {
        aspectRatio,
        format,
        ...(wordsSupported
          ? { safetyTolerance: String(safetyTolerance), prompt: prompt.trim() }
          : {}),
      },
    });
  }

  return (
    <>
      <PageHeading title="Edit Image">
        Reframe a shot for any platform, change its format, or describe the change you want.
      </PageHeading>

      <ToolLayout
        formLabel="Edit an image"
        onSubmit={submit}
        form={
          <>
            <ImagePicker
              label="Input image"
              buttonLabel="Choose an image"
              value={image}
              onChange={setImage}
              required={sentWithoutImage}
              blocked={access.ready && !access.allowed}
              onBlocked={() => setModal('edit-image')}
              disabled={!access.ready}
              maxSide={{ pixels: TOOL_MAX_INPUT_SIDE, message: TOOL_TEXTS.imageTooLarge }}
            />

            <ChoiceGroup
              legend="Aspect ratio"
              name="aspectRatio"
              options={EDIT_ASPECT_RATIO_OPTIONS}
              value={aspectRatio}
              onChange={setAspectRatio}
            />

            <ChoiceGroup
              legend="Output format"
              name="format"
              options={EDIT_FORMAT_OPTIONS}
              value={format}
              onChange={setFormat}
            />

            {wordsSupported ? (
              <>
                <div className="space-y-1.5">
                  <label htmlFor={promptId} className="block text-sm font-medium text-zinc-300">
                    Describe the change{' '}
                    <span className="font-normal text-zinc-400">(optional)</span>
                  </label>
                  <textarea
                    id={promptId}
                    value={prompt}
                    onChange={(event) => setPrompt(event.target.value)}
                    rows={3}
                    maxLength={1000}
                    placeholder="e.g. 'put her in a red dress on a beach'"
                    className="w-full resize-y rounded-xl border border-ink-600 bg-ink-900 px-4 py-3 text-sm text-zinc-100 placeholder:text-zinc-500 focus:border-brand-400 focus:outline-none"
                  />
                </div>
                <div className="space-y-2">
                  <div className="flex items-baseline justify-between">
                    <label htmlFor={sliderId} className="text-sm font-medium text-zinc-300">
                      Safety tolerance
                    </label>
                    <output
                      htmlFor={sliderId}
                      className="text-sm font-semibold text-white tabular-nums"
                    >
                      {safetyTolerance}
                    </output>
                  </div>
                  <input
                    id={sliderId}
                    type="range"
                    min={SAFETY_TOLERANCE.min}
                    max={SAFETY_TOLERANCE.max}
                    step={1}
                    value={safetyTolerance}
                    onChange={(event) => setSafetyTolerance(Number(event.target.value))}
                    aria-describedby={`${sliderId}-hint`}
                    className="w-full accent-brand-500"
                  />
                  <div aria-hidden="true" className="flex justify-between text-xs text-zinc-400">
                    <span>{SAFETY_TOLERANCE.min}</span>
                    <span>{SAFETY_TOLERANCE.max}</span>
                  </div>
                  <p id={`${sliderId}-hint`} className="text-xs text-zinc-400">
                    {TOOL_TEXTS.safetyToleranceHint}
                  </p>
                </div>
              </>
            ) : engines.data ? (
              <p className="flex gap-2 rounded-lg border border-sky-400/25 bg-sky-400/5 p-3 text-xs text-sky-100/90">
                <Info aria-hidden="true" className="mt-0.5 size-3.5 shrink-0" />
                {TOOL_TEXTS.wordsNeedHostedEngine}
              </p>
            ) : null}

            <ToolSubmit
              icon={Wand2}
              label={TOOL_TEXTS.editButton}
              access={access}
              gems
              // Without the plan the button still opens the limit modal.
              disabled={!access.ready || tool.busy}
              error={tool.submitError}
            />
          </>
        }
        result={<EditResult job={tool.current} followError={tool.followError} />}
      />

      <HistorySection
        heading="Your edited images"
        emptyText={TOOL_TEXTS.editEmpty}
        emptyIcon={Wand2}
        jobs={tool.jobs}
      >
        {(jobs) => (
          <ImageGallery
            jobs={jobs}
            selectedId={tool.current?.id ?? null}
            onSelect={tool.select}
            describe={(job) =>
              job.outputs[0]
                ? `${formatSize(job.outputs[0])} · ${formatLabel(job.outputs[0].contentType)}`
                : 'Failed'
            }
          />
        )}
      </HistorySection>

      <UpgradeModal type={modal} onClose={() => setModal(null)} />
    </>
  );
}

function EditResult({ job, followError }: { job: TJob | null; followError: string | null }) {
  if (!job) {
    return (
      <ResultPlaceholder icon={Wand2}>
        Your edited image appears here, ready to download.
      </ResultPlaceholder>
    );
  }
  const output = job.outputs[0];
  return (
    <div className="space-y-4">
      {job.status === 'failed' ? (
        <JobFailure job={job} />
      ) : (
        <JobProgress job={job} label="Edit progress" />
      )}
      {followError ? (
        <p role="alert" className="text-sm text-red-400">
          {followError}
        </p>
      ) : null}
      {job.status === 'succeeded' && output ? (
        <figure className="space-y-3">
          <img
            src={output.url}
            alt={`Edited image, ${formatSize(output)}`}
            className="mx-auto max-h-[28rem] w-auto max-w-full rounded-xl border border-ink-700 bg-ink-950 object-contain"
          />
          <figcaption className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
            <span className="text-sm text-zinc-300">
              {job.input ? `${formatSize(job.input)} → ` : null}
              <span className="font-semibold text-white">{formatSize(output)}</span>
              {' · '}
              {formatLabel(output.contentType)}
            </span>
            <DownloadLink file={output} />
          </figcaption>
          {job.details.appliedSafetyTolerance !== undefined &&
          job.details.appliedSafetyTolerance !== Number(job.options.safetyTolerance) ? (
            <p className="text-xs text-zinc-400">
              Safety tolerance applied by the service: {job.details.appliedSafetyTolerance} (you
              chose {String(job.options.safetyTolerance)})
            </p>
          ) : null}
        </figure>
      ) : null}
      {!isFinished(job.status) && job.input ? (
        <img
          src={job.input.url}
          alt={`The image being edited, ${formatSize(job.input)}`}
          className="mx-auto max-h-80 w-full max-w-sm rounded-xl object-contain opacity-60"
        />
      ) : null}
    </div>
  );
}
