import {
  TOOL_MAX_INPUT_SIDE,
  TOOL_TEXTS,
  VIDEO_ASPECT_RATIOS,
  VIDEO_DURATIONS,
  VIDEO_TEXTS,
  type TGalleryItem,
  type TVideoAspectRatio,
  type TVideoDuration,
} from '@muse/shared';
import { Clapperboard } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { PageHeading } from '../../components/layout/page-heading';
import { Spinner } from '../../components/ui/spinner';
import { UpgradeModal, type TUpgradeModal } from '../../components/workspace/upgrade-modal';
import { useGalleryItem } from '../../lib/gallery';
import { useInfluencers } from '../../lib/influencers';
import { PersonaPicker } from './components/generate/persona-picker';
import { ImprovePrompt } from './components/improve-prompt';
import { PromptField } from './components/prompt-field';
import { ImagePicker, usePickedImage } from './components/image-picker';
import { GalleryNote } from './components/gallery-note';
import { OfflineNote } from './components/offline-note';
import { HistorySection } from './components/results-gallery';
import { ChoiceGroup, ToolLayout } from './components/tool-layout';
import { ToolSubmit } from './components/tool-submit';
import { UpgradeRequired } from './components/upgrade-required';
import { GalleryStillPicker } from './components/video/gallery-still-picker';
import { JobStill, PersonaStill, type TPersonaStillWords } from './components/video/persona-still';
import { VideoHistory } from './components/video/video-history';
import { VideoResult } from './components/video/video-result';
import { previewButtonLabel } from '../../lib/media-format';
import { useToolAccess } from './use-tool-access';
import { useToolJob } from './use-tool-job';

type TStillSource = 'gallery' | 'persona' | 'upload';

const STILL_SOURCES = [
  { value: 'gallery', label: 'From the gallery' },
  { value: 'persona', label: "Persona's photo" },
  { value: 'upload', label: 'Upload' },
] as const satisfies readonly { value: TStillSource; label: string }[];

/** What "Persona's photo" says on this page. */
const STILL_WORDS: TPersonaStillWords = {
  purpose: 'to animate its photos',
  choose: 'Choose an influencer below: Muse starts the clip from its best reference photo.',
  ready: (name) => `Muse starts the clip from ${name}'s best reference photo.`,
};

/**
 * Generate Video (docs/product/tools.md): a still (a gallery image, the persona's own reference
 * photo or an upload) made into a 5 or 10 second clip moving as described. Launch and Growth
 * only: other plans see 'Upgrade Required'. With the offline engine the clips are free 'Offline
 * preview's and the page says what they are and do not do yet. `?galleryId=<id>` starts from that
 * gallery image (the gallery's 'Animate').
 */
export function GenerateVideoPage() {
  const access = useToolAccess('generate-video');

  return (
    <>
      <PageHeading title="Generate Video">
        Turn a still of your influencer into a short clip, ready for reels and stories.
      </PageHeading>
      {!access.ready ? (
        <Spinner label="Loading..." className="py-20" />
      ) : access.reason === 'plan' ? (
        <UpgradeRequired />
      ) : (
        <GenerateVideoTool />
      )}
    </>
  );
}

function GenerateVideoTool() {
  const access = useToolAccess('generate-video');
  const influencers = useInfluencers();
  const [searchParams] = useSearchParams();
  const fromGallery = searchParams.get('galleryId');
  const preselected = useGalleryItem(fromGallery);
  const [modal, setModal] = useState<TUpgradeModal | null>(null);
  const [source, setSource] = useState<TStillSource>('gallery');
  const [picked, setPicked] = useState<TGalleryItem | null>(null);
  const [upload, setUpload] = usePickedImage();
  const [chosen, setChosen] = useState<string | null>(null);
  const [prompt, setPrompt] = useState('');
  const [duration, setDuration] = useState<TVideoDuration>(VIDEO_DURATIONS[0].value);
  const [aspectRatio, setAspectRatio] = useState<TVideoAspectRatio>(VIDEO_ASPECT_RATIOS[0].value);
  const [sent, setSent] = useState(false);
  const tool = useToolJob('generate-video', { onRefused: () => setModal('tool') });

  const list = influencers.data?.influencers ?? [];
  // Only an image can be the still (a video's id in the address is ignored).
  const fromItem = preselected.data?.kind === 'image' ? preselected.data : null;
  const galleryItem = picked ?? fromItem;
  const galleryId = galleryItem?.id ?? null;
  const isReady = (id: string | null) => list.some((one) => one.id === id && one.ready);
  // The persona the still shows: chosen, else the gallery image's own, else the first ready one.
  const fallback =
    source === 'gallery' && galleryItem
      ? isReady(galleryItem.influencerId)
        ? (galleryItem.influencerId ?? '')
        : ''
      : (list.find((influencer) => influencer.ready)?.id ?? '');
  const influencerId = chosen ?? fallback;
  const persona = list.find((influencer) => influencer.id === influencerId) ?? null;

  const stillMissing =
    (source === 'gallery' && !galleryId) ||
    (source === 'upload' && !upload) ||
    (source === 'persona' && !persona?.ready);
  const stillError = sent && stillMissing ? VIDEO_TEXTS.stillRequired : null;
  const promptMissing = !prompt.trim();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (access.reason === 'plan') return setModal('tool');
    if (access.reason === 'credits') return setModal('credits');
    setSent(true);
    if (stillMissing || promptMissing) return;
    tool.start({
      tool: 'generate-video',
      image: source === 'upload' ? upload?.file : undefined,
      // An upload that came from the gallery (`?from=`) is named too, not sent again.
      galleryId:
        source === 'gallery'
          ? (galleryId ?? undefined)
          : source === 'upload'
            ? upload?.galleryId
            : undefined,
      reference: source === 'persona',
      options: { influencerId, prompt: prompt.trim(), duration, aspectRatio },
    });
  }

  function pickFromGallery(item: TGalleryItem) {
    setPicked(item);
    // The clip is scored against the persona the still shows.
    setChosen(isReady(item.influencerId) ? item.influencerId : '');
  }

  return (
    <>
      <ToolLayout
        formLabel="Generate a video"
        onSubmit={submit}
        form={
          <>
            <ChoiceGroup
              legend="Still to animate"
              name="stillSource"
              options={STILL_SOURCES}
              value={source}
              onChange={setSource}
              columns="grid-cols-1 min-[420px]:grid-cols-3"
            />

            {source === 'gallery' ? (
              <GalleryStillPicker
                value={galleryId}
                onChange={pickFromGallery}
                preselected={fromItem}
                error={stillError}
              />
            ) : source === 'persona' ? (
              <PersonaStill
                words={STILL_WORDS}
                persona={persona}
                hasInfluencers={list.length > 0}
                error={stillError}
              />
            ) : (
              <ImagePicker
                label="Still to upload"
                buttonLabel="Choose an image"
                value={upload}
                onChange={setUpload}
                required={sent}
                blocked={false}
                onBlocked={() => setModal('tool')}
                maxSide={{ pixels: TOOL_MAX_INPUT_SIDE, message: TOOL_TEXTS.imageTooLarge }}
              />
            )}

            {list.length ? (
              <PersonaPicker influencers={list} value={influencerId} onChange={setChosen} />
            ) : null}

            <PromptField
              label="Describe the motion"
              value={prompt}
              onChange={setPrompt}
              maxLength={500}
              placeholder="e.g. 'slow push-in, hair moving in the wind'"
              missing={sent && promptMissing}
              error="Describe the motion you want"
              hint={
                access.preview
                  ? // The offline engine moves the camera only: the hint says what the words do.
                    'In an Offline preview, your words choose the camera move: a push-in, a pull-out, a pan or a tilt.'
                  : 'The camera and the scene: a push-in, a pan, wind, light.'
              }
            />
            <ImprovePrompt
              tool="generate-video"
              words={prompt}
              influencerId={influencerId || null}
              name={persona?.name ?? null}
              onImproved={setPrompt}
            />

            <ChoiceGroup
              legend="Duration"
              name="duration"
              options={VIDEO_DURATIONS}
              value={duration}
              onChange={setDuration}
              columns="grid-cols-2"
            />
            <ChoiceGroup
              legend="Aspect ratio"
              name="aspectRatio"
              options={VIDEO_ASPECT_RATIOS}
              value={aspectRatio}
              onChange={setAspectRatio}
            />

            {access.preview ? <OfflineNote>{VIDEO_TEXTS.offlineVideoNote}</OfflineNote> : null}

            <ToolSubmit
              icon={Clapperboard}
              label={
                access.preview
                  ? previewButtonLabel(VIDEO_TEXTS.generateButton, VIDEO_TEXTS.previewButtonSuffix)
                  : VIDEO_TEXTS.generateButton
              }
              access={access}
              disabled={tool.busy}
              error={tool.submitError}
            />
          </>
        }
        result={
          <VideoResult
            job={tool.current}
            followError={tool.followError}
            icon={Clapperboard}
            placeholder="Your video appears here and plays in the page, ready to download."
            progressLabel="Video progress"
            videoLabel="Generated video"
            source={<JobStill job={tool.current} alt="The still being animated" />}
          />
        }
      />

      <HistorySection
        heading="Your videos"
        emptyText={VIDEO_TEXTS.videoEmpty}
        emptyIcon={Clapperboard}
        jobs={tool.jobs}
      >
        {(jobs) => (
          <VideoHistory
            jobs={jobs}
            selectedId={tool.current?.id ?? null}
            onSelect={tool.select}
            describe={(job) => (typeof job.options.prompt === 'string' ? job.options.prompt : '')}
          />
        )}
      </HistorySection>

      <GalleryNote>
        {access.preview
          ? 'Every video you make is kept in your gallery, beside your images.'
          : 'Every video you make is kept in your gallery with its identity score, beside your images.'}
      </GalleryNote>

      <UpgradeModal type={modal} onClose={() => setModal(null)} />
    </>
  );
}
