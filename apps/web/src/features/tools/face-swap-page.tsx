import { FOOTAGE_RIGHTS_TEXTS, VIDEO_TEXTS, VIDEO_UPLOAD, type TJob } from '@muse/shared';
import { Users, VenetianMask } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { PageHeading } from '../../components/layout/page-heading';
import { Button } from '../../components/ui/button';
import { UpgradeModal, type TUpgradeModal } from '../../components/workspace/upgrade-modal';
import { useInfluencers } from '../../lib/influencers';
import { PersonaPicker } from './components/generate/persona-picker';
import { OfflineNote } from './components/offline-note';
import { HistorySection } from './components/results-gallery';
import { ToolLayout } from './components/tool-layout';
import { ToolSubmit } from './components/tool-submit';
import { VideoHistory } from './components/video/video-history';
import { usePickedVideo, VideoPicker } from './components/video/video-picker';
import { VideoResult } from './components/video/video-result';
import { previewButtonLabel } from '../../lib/media-format';
import { useToolAccess } from './use-tool-access';
import { useToolJob } from './use-tool-job';

/**
 * Video face swap (docs/product/tools.md): the chosen persona's face put into every frame of a
 * clip the creator uploads (MP4, MOV or WEBM, up to 30 seconds, 50 MB and 1080p, checked here
 * before the upload and by the server before anything is charged). Every paid plan includes it;
 * FREE gets the upgrade modal. Offline, the swaps are free 'Offline preview's.
 */
export function FaceSwapPage() {
  const access = useToolAccess('face-swap');
  const influencers = useInfluencers();
  const [modal, setModal] = useState<TUpgradeModal | null>(null);
  const [video, setVideo] = usePickedVideo();
  const [chosen, setChosen] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const [rights, setRights] = useState(false);
  const tool = useToolJob('face-swap', { onRefused: () => setModal('tool') });

  const list = influencers.data?.influencers ?? [];
  const ready = list.filter((influencer) => influencer.ready);
  // The first ready persona is chosen until the creator picks another.
  const influencerId = chosen ?? ready[0]?.id ?? '';
  const persona = list.find((influencer) => influencer.id === influencerId) ?? null;
  const blocked = access.ready && !access.allowed;
  const noPersona = influencers.data !== undefined && ready.length === 0;

  function openLimit() {
    setModal(access.reason === 'credits' ? 'credits' : 'tool');
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (blocked) return openLimit();
    setSent(true);
    if (!video || !persona?.ready || !rights) return;
    tool.start({
      tool: 'face-swap',
      video: video.file,
      options: { influencerId, footageRights: true },
    });
  }

  return (
    <>
      <PageHeading title="Video Face Swap">
        Put your influencer&apos;s face into a clip you already have, frame by frame.
      </PageHeading>

      {noPersona ? (
        <section
          aria-labelledby="no-persona-heading"
          className="flex flex-col gap-3 rounded-2xl border border-dashed border-ink-700 bg-ink-900/40 p-5 sm:flex-row sm:items-center"
        >
          <div className="flex-1 space-y-1">
            <h2 id="no-persona-heading" className="text-base font-semibold text-white">
              No persona ready for a face swap
            </h2>
            <p className="text-sm text-zinc-400">
              Face swap puts a persona&apos;s face into your clip: create an influencer and upload
              its photos first.
            </p>
          </div>
          <Button asChild variant="outline">
            <Link to="/influencers">
              <Users aria-hidden="true" className="size-4" />
              Go to Influencers
            </Link>
          </Button>
        </section>
      ) : null}

      <ToolLayout
        formLabel="Swap a face in a video"
        onSubmit={submit}
        form={
          <>
            {list.length ? (
              <div className="space-y-2">
                <PersonaPicker
                  influencers={list}
                  value={influencerId}
                  onChange={setChosen}
                  allowNone={false}
                  legend="Persona"
                />
                {sent && !persona?.ready ? (
                  <p role="alert" className="text-sm text-red-400">
                    Choose a ready persona first
                  </p>
                ) : null}
              </div>
            ) : null}

            <VideoPicker
              label={`Video (up to ${VIDEO_UPLOAD.maxSeconds} seconds)`}
              value={video}
              onChange={setVideo}
              required={sent}
              blocked={blocked}
              onBlocked={openLimit}
              disabled={!access.ready}
            />

            <div className="space-y-1">
              <label className="flex items-start gap-2 text-sm text-zinc-200">
                <input
                  type="checkbox"
                  checked={rights}
                  onChange={(event) => setRights(event.target.checked)}
                  className="mt-0.5 size-4 shrink-0 accent-brand-400"
                />
                {FOOTAGE_RIGHTS_TEXTS.label}
              </label>
              {sent && !rights ? (
                <p role="alert" className="text-sm text-red-400">
                  {FOOTAGE_RIGHTS_TEXTS.required}
                </p>
              ) : null}
            </div>

            {access.preview ? <OfflineNote>{VIDEO_TEXTS.offlineSwapNote}</OfflineNote> : null}

            <ToolSubmit
              icon={VenetianMask}
              label={
                access.preview
                  ? previewButtonLabel(VIDEO_TEXTS.swapButton, VIDEO_TEXTS.previewButtonSuffix)
                  : VIDEO_TEXTS.swapButton
              }
              access={access}
              // Without the plan the button still opens the upgrade modal.
              disabled={!access.ready || tool.busy || noPersona}
              error={tool.submitError}
            />
          </>
        }
        result={
          <VideoResult
            job={tool.current}
            followError={tool.followError}
            icon={VenetianMask}
            placeholder="Your clip with the persona's face appears here and plays in the page."
            progressLabel="Face swap progress"
            videoLabel="Face-swapped video"
          />
        }
      />

      <HistorySection
        heading="Your face swaps"
        emptyText={VIDEO_TEXTS.swapEmpty}
        emptyIcon={VenetianMask}
        jobs={tool.jobs}
      >
        {(jobs) => (
          <VideoHistory
            jobs={jobs}
            selectedId={tool.current?.id ?? null}
            onSelect={tool.select}
            describe={(job) => swapLabel(job, list)}
          />
        )}
      </HistorySection>

      <UpgradeModal type={modal} onClose={() => setModal(null)} />
    </>
  );
}

/** 'Mara Lind's face' for a swap whose persona still exists, else 'Face swap'. */
function swapLabel(job: TJob, influencers: { id: string; name: string }[]): string {
  const persona = influencers.find((one) => one.id === job.options.influencerId);
  return persona ? `${persona.name}'s face` : 'Face swap';
}
