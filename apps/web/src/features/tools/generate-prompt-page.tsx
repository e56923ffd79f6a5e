import {
  CREDIT_COSTS,
  isFinished,
  TOOL_MAX_INPUT_SIDE,
  TOOL_TEXTS,
  type TJob,
  type TUpgradeModalType,
} from '@muse/shared';
import { Lightbulb, ScanText } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { PageHeading } from '../../components/layout/page-heading';
import { UpgradeModal } from '../../components/workspace/upgrade-modal';
import { CopyPromptButton } from './components/copy-prompt-button';
import { ImagePicker, usePickedImage } from './components/image-picker';
import { JobFailure } from '../../components/workspace/job-failure';
import { JobProgress } from '../../components/workspace/job-progress';
import { ToolSubmit } from './components/tool-submit';
import { PromptHistory } from './components/prompt-history';
import { HistorySection } from './components/results-gallery';
import { ResultPlaceholder, ToolLayout } from './components/tool-layout';
import { useToolAccess } from './use-tool-access';
import { useToolJob } from './use-tool-job';

/** Generate prompt's notes on what a generated prompt is and how to use it. */
const PROMPT_NOTES = [
  'Prompts are generated from real influencer images.',
  'Generated prompts only apply to Flux generations.',
  'Flux is the family of AI image models these prompts are written for: paste one into Generate, or into any Flux-based image tool.',
  'Results are not guaranteed to match the original image.',
  'For best results, try each prompt in batches of 4.',
] as const;

/**
 * Generate prompt (docs/product/tools.md): an image analysed into a generation prompt, merged with
 * the creator's own text. Without the plan or the credits, 'Choose an image to analyse' opens the
 * 'image' limit modal and 'Generate prompt' the 'generate-prompt' one.
 */
export function GeneratePromptPage() {
  const access = useToolAccess('generate-prompt');
  const [modal, setModal] = useState<TUpgradeModalType | null>(null);
  const [image, setImage] = usePickedImage();
  const [customPrompt, setCustomPrompt] = useState('');
  const [sentWithoutImage, setSentWithoutImage] = useState(false);
  const tool = useToolJob('generate-prompt', { onRefused: () => setModal('generate-prompt') });
  const customId = useId();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!access.allowed) return setModal('generate-prompt');
    if (!image) return setSentWithoutImage(true);
    tool.start({
      tool: 'generate-prompt',
      image: image.file,
      galleryId: image.galleryId,
      options: { customPrompt: customPrompt.trim() },
    });
  }

  return (
    <>
      <PageHeading title="Generate Prompt">
        Turn a photo you like into a prompt your influencer can be generated with.
      </PageHeading>

      <ToolLayout
        formLabel="Generate a prompt from an image"
        onSubmit={submit}
        form={
          <>
            <ImagePicker
              label="Image to analyse"
              buttonLabel={TOOL_TEXTS.chooseImageToAnalyse}
              value={image}
              onChange={setImage}
              required={sentWithoutImage}
              blocked={access.ready && !access.allowed}
              onBlocked={() => setModal('image')}
              disabled={!access.ready}
              maxSide={{ pixels: TOOL_MAX_INPUT_SIDE, message: TOOL_TEXTS.imageTooLarge }}
            />

            <div className="space-y-1.5">
              <label htmlFor={customId} className="block text-sm font-medium text-zinc-300">
                Custom prompt <span className="font-normal text-zinc-400">(optional)</span>
              </label>
              <textarea
                id={customId}
                value={customPrompt}
                onChange={(event) => setCustomPrompt(event.target.value)}
                rows={4}
                maxLength={1000}
                placeholder={TOOL_TEXTS.promptPlaceholder}
                aria-describedby={`${customId}-hint`}
                className="w-full resize-y rounded-xl border border-ink-600 bg-ink-900 px-4 py-3 text-sm text-zinc-100 placeholder:text-zinc-500 focus:border-brand-400 focus:outline-none"
              />
              <p id={`${customId}-hint`} className="text-xs text-zinc-400">
                Your words are merged into the prompt, e.g. a setting or an outfit.
              </p>
            </div>

            <aside
              aria-label="Good to know"
              className="rounded-xl border border-accent-500/25 bg-accent-500/5 p-4"
            >
              <p className="flex items-center gap-2 text-sm font-medium text-accent-400">
                <Lightbulb aria-hidden="true" className="size-4" />
                Good to know
              </p>
              <ul className="mt-2 list-disc space-y-1 pl-5 text-xs text-zinc-400 marker:text-zinc-600">
                {PROMPT_NOTES.map((note) => (
                  <li key={note}>{note}</li>
                ))}
              </ul>
            </aside>

            <ToolSubmit
              icon={ScanText}
              label={TOOL_TEXTS.generatePrompt}
              access={access}
              disabled={!access.ready || tool.busy}
              error={tool.submitError}
            />
          </>
        }
        result={<PromptResult job={tool.current} followError={tool.followError} />}
      />

      <HistorySection
        heading="Your generated prompts"
        emptyText={TOOL_TEXTS.promptEmpty}
        emptyIcon={ScanText}
        jobs={tool.jobs}
      >
        {(jobs) => (
          <PromptHistory jobs={jobs} selectedId={tool.current?.id ?? null} onSelect={tool.select} />
        )}
      </HistorySection>

      <UpgradeModal type={modal} onClose={() => setModal(null)} />
    </>
  );
}

function PromptResult({ job, followError }: { job: TJob | null; followError: string | null }) {
  const outputId = useId();
  if (!job) {
    return (
      <ResultPlaceholder icon={ScanText}>
        The prompt written from your image appears here. Each one costs{' '}
        {CREDIT_COSTS.promptGeneration} credits.
      </ResultPlaceholder>
    );
  }
  return (
    <div className="space-y-4">
      {job.status === 'failed' ? (
        <JobFailure job={job} />
      ) : (
        <JobProgress job={job} label="Prompt generation progress" />
      )}
      {followError ? (
        <p role="alert" className="text-sm text-red-400">
          {followError}
        </p>
      ) : null}
      {job.status === 'succeeded' && job.prompt ? (
        <div className="space-y-3">
          <label htmlFor={outputId} className="block text-sm font-medium text-zinc-300">
            Generated prompt
          </label>
          <textarea
            id={outputId}
            readOnly
            value={job.prompt}
            rows={7}
            className="w-full resize-y rounded-xl border border-ink-600 bg-ink-950 px-4 py-3 text-sm leading-relaxed text-zinc-100 focus:border-brand-400 focus:outline-none"
          />
          <div className="flex flex-wrap items-center justify-between gap-3">
            <CopyPromptButton prompt={job.prompt} />
            {job.input ? (
              <img
                src={job.input.url}
                alt="The analysed image"
                className="size-14 rounded-lg object-cover"
              />
            ) : null}
          </div>
        </div>
      ) : null}
      {!isFinished(job.status) && job.input ? (
        <img
          src={job.input.url}
          alt="The image being analysed"
          className="mx-auto max-h-80 w-full max-w-sm rounded-xl object-contain opacity-60"
        />
      ) : null}
    </div>
  );
}
