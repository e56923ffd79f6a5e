import {
  INFLUENCER_PAGE_ROUTE,
  speechSeconds,
  TALKING_SCRIPT_MAX_CHARS,
  TALKING_TEXTS,
  talkingVideoCredits,
  TOOL_MAX_INPUT_SIDE,
  TOOL_TEXTS,
  VIDEO_ASPECT_RATIOS,
  VIDEO_TEXTS,
  VOICE_TEXTS,
  type TGalleryItem,
  type TInfluencer,
  type TJob,
  type TVideoAspectRatio,
} from '@muse/shared';
import { CalendarPlus, Mic } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { PageHeading } from '../../components/layout/page-heading';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { UpgradeModal, type TUpgradeModal } from '../../components/workspace/upgrade-modal';
import { useInfluencers } from '../../lib/influencers';
import { previewButtonLabel } from '../../lib/media-format';
import { useVoice, voiceName } from '../../lib/voices';
import { useCan } from '../../lib/workspaces';
import { GalleryNote } from './components/gallery-note';
import { PersonaPicker } from './components/generate/persona-picker';
import { ImagePicker, usePickedImage } from './components/image-picker';
import { OfflineNote } from './components/offline-note';
import { PromptField } from './components/prompt-field';
import { HistorySection } from './components/results-gallery';
import { ChoiceGroup, Toggle, ToolLayout } from './components/tool-layout';
import { ToolSubmit } from './components/tool-submit';
import { UpgradeRequired } from './components/upgrade-required';
import { AudioPicker, usePickedAudio } from './components/video/audio-picker';
import { GalleryStillPicker } from './components/video/gallery-still-picker';
import { JobStill, PersonaStill, type TPersonaStillWords } from './components/video/persona-still';
import { VideoHistory } from './components/video/video-history';
import { VideoResult } from './components/video/video-result';
import { useToolAccess, type TToolAccess } from './use-tool-access';
import { useToolJob } from './use-tool-job';

type TPictureSource = 'persona' | 'gallery' | 'upload';

const PICTURE_SOURCES = [
  { value: 'persona', label: "Persona's photo" },
  { value: 'gallery', label: 'From the gallery' },
  { value: 'upload', label: 'Upload' },
] as const satisfies readonly { value: TPictureSource; label: string }[];

/** What "Persona's photo" says on this page. */
const STILL_WORDS: TPersonaStillWords = {
  purpose: 'to make it talk',
  choose: 'Choose a persona below: Muse uses its best reference photo.',
  ready: (name) => `Muse uses ${name}'s best reference photo.`,
};

/** A label whose price in brackets is not known yet: 'Make Talking Video'. */
function withoutPrice(label: string): string {
  const bracket = label.lastIndexOf(' (');
  return bracket === -1 ? label : label.slice(0, bracket);
}

/**
 * Talking Video (docs/product/talking-video.md): the persona says a script, or the creator's own
 * audio, lips in sync, in its own voice, on its best reference photo, a gallery image or an
 * upload. Paid by the second it speaks, so the button's price follows the script as it is typed
 * (or the audio's length). Launch and Growth only, like Generate Video: other plans see 'Upgrade
 * Required'. With the offline engine the videos are free 'Offline preview's. A finished video is
 * one click from the calendar's composer.
 */
export function TalkingVideoPage() {
  const access = useToolAccess('talking-video');

  return (
    <>
      <PageHeading title={TALKING_TEXTS.title}>{TALKING_TEXTS.intro}</PageHeading>
      {!access.ready ? (
        <Spinner label="Loading..." className="py-20" />
      ) : access.reason === 'plan' ? (
        <UpgradeRequired />
      ) : (
        <TalkingVideoTool />
      )}
    </>
  );
}

function TalkingVideoTool() {
  const access = useToolAccess('talking-video');
  const influencers = useInfluencers();
  const [modal, setModal] = useState<TUpgradeModal | null>(null);
  const [source, setSource] = useState<TPictureSource>('persona');
  const [picked, setPicked] = useState<TGalleryItem | null>(null);
  const [upload, setUpload] = usePickedImage();
  const [chosen, setChosen] = useState<string | null>(null);
  const [script, setScript] = useState('');
  const [audio, setAudio] = usePickedAudio();
  const [aspectRatio, setAspectRatio] = useState<TVideoAspectRatio>(VIDEO_ASPECT_RATIOS[0].value);
  const [captions, setCaptions] = useState(false);
  const [sent, setSent] = useState(false);
  const tool = useToolJob('talking-video', { onRefused: () => setModal('tool') });

  const list = influencers.data?.influencers ?? [];
  const galleryId = picked?.id ?? null;
  const isReady = (id: string | null) => list.some((one) => one.id === id && one.ready);
  // The persona who speaks: chosen, else the gallery image's own, else the first ready one.
  const fallback =
    source === 'gallery' && picked
      ? isReady(picked.influencerId)
        ? (picked.influencerId ?? '')
        : ''
      : (list.find((influencer) => influencer.ready)?.id ?? '');
  const influencerId = chosen ?? fallback;
  const persona = list.find((influencer) => influencer.id === influencerId) ?? null;

  // The speech: the audio when one is chosen (captions are written from a script), else the script.
  const fromScript = audio === null;
  const seconds = audio ? audio.seconds : speechSeconds(script);
  const credits = seconds === null ? null : talkingVideoCredits(seconds, fromScript);
  const burnCaptions = captions && fromScript;

  // What this video costs, for the note under the button and the balance check: useToolAccess
  // knows the price of one second only.
  const cost = access.preview ? 0 : (credits ?? access.cost);
  const shortOfCredits = access.balance !== null && access.balance < cost;
  const priced: TToolAccess = {
    ...access,
    cost,
    reason: access.reason === 'plan' ? 'plan' : shortOfCredits ? 'credits' : null,
    allowed: access.reason !== 'plan' && !shortOfCredits,
  };

  const pictureMissing =
    (source === 'gallery' && !galleryId) ||
    (source === 'upload' && !upload) ||
    (source === 'persona' && !persona?.ready);
  const pictureError = sent && pictureMissing ? TALKING_TEXTS.pictureRequired : null;
  const personaMissing = !persona?.ready;
  const speechMissing = fromScript && !script.trim();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (priced.reason === 'plan') return setModal('tool');
    if (priced.reason === 'credits') return setModal('credits');
    setSent(true);
    if (pictureMissing || personaMissing || speechMissing) return;
    tool.start({
      tool: 'talking-video',
      image: source === 'upload' ? upload?.file : undefined,
      // An upload that came from the gallery (`?from=`) is named too, not sent again.
      galleryId:
        source === 'gallery'
          ? (galleryId ?? undefined)
          : source === 'upload'
            ? upload?.galleryId
            : undefined,
      reference: source === 'persona',
      audio: audio?.file,
      options: {
        influencerId,
        script: fromScript ? script.trim() : '',
        recorded: !fromScript,
        aspectRatio,
        captions: burnCaptions,
      },
    });
  }

  function pickFromGallery(item: TGalleryItem) {
    setPicked(item);
    // The persona who speaks is the one the picture shows.
    setChosen(isReady(item.influencerId) ? item.influencerId : '');
  }

  const label = access.preview
    ? previewButtonLabel(TALKING_TEXTS.button(credits ?? 0), VIDEO_TEXTS.previewButtonSuffix)
    : credits === null
      ? withoutPrice(TALKING_TEXTS.button(0))
      : TALKING_TEXTS.button(credits);

  return (
    <>
      <ToolLayout
        formLabel="Make a talking video"
        onSubmit={submit}
        form={
          <>
            <ChoiceGroup
              legend={TALKING_TEXTS.sourceLabel}
              name="pictureSource"
              options={PICTURE_SOURCES}
              value={source}
              onChange={setSource}
              columns="grid-cols-1 min-[420px]:grid-cols-3"
            />

            {source === 'gallery' ? (
              <GalleryStillPicker
                value={galleryId}
                onChange={pickFromGallery}
                preselected={null}
                error={pictureError}
              />
            ) : source === 'persona' ? (
              <PersonaStill
                words={STILL_WORDS}
                persona={persona}
                hasInfluencers={list.length > 0}
                error={pictureError}
              />
            ) : (
              <ImagePicker
                label="Picture to upload"
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
              <div className="space-y-2">
                <PersonaPicker
                  influencers={list}
                  value={influencerId}
                  onChange={setChosen}
                  allowNone={false}
                  legend="Persona"
                />
                {sent && personaMissing ? (
                  <p role="alert" className="text-sm text-red-400">
                    Choose a ready persona first
                  </p>
                ) : null}
                {persona?.ready && fromScript ? (
                  <VoiceLine persona={persona} preview={access.preview} />
                ) : null}
              </div>
            ) : null}

            <PromptField
              label={TALKING_TEXTS.scriptLabel}
              value={script}
              onChange={setScript}
              maxLength={TALKING_SCRIPT_MAX_CHARS}
              placeholder={TALKING_TEXTS.scriptPlaceholder}
              missing={sent && speechMissing}
              error={TALKING_TEXTS.scriptOrAudio}
              disabled={!fromScript}
              hint={
                fromScript ? (
                  <span className="tabular-nums">
                    {script.trim()
                      ? TALKING_TEXTS.seconds(speechSeconds(script))
                      : TALKING_TEXTS.scriptHint}
                  </span>
                ) : (
                  TALKING_TEXTS.fromAudio
                )
              }
            />

            <AudioPicker value={audio} onChange={setAudio} disabled={tool.busy} />

            <ChoiceGroup
              legend="Aspect ratio"
              name="aspectRatio"
              options={VIDEO_ASPECT_RATIOS}
              value={aspectRatio}
              onChange={setAspectRatio}
            />

            <Toggle
              label={TALKING_TEXTS.captions}
              hint={TALKING_TEXTS.captionsNeedScript}
              checked={burnCaptions}
              onChange={setCaptions}
              disabled={!fromScript}
            />

            {access.preview ? (
              <OfflineNote>{TALKING_TEXTS.offlineNote}</OfflineNote>
            ) : (
              <p className="text-xs text-zinc-400">{TALKING_TEXTS.perSecond}</p>
            )}

            <ToolSubmit
              icon={Mic}
              label={label}
              access={priced}
              disabled={tool.busy}
              error={tool.submitError}
            />
          </>
        }
        result={
          <div className="space-y-4">
            <VideoResult
              job={tool.current}
              followError={tool.followError}
              icon={Mic}
              placeholder="Your talking video appears here and plays in the page, ready to download."
              progressLabel="Video progress"
              videoLabel="Talking video"
              source={<JobStill job={tool.current} alt="The picture being made to talk" />}
            />
            {tool.current ? <JobVoice job={tool.current} /> : null}
            {tool.current ? <SendToCalendar job={tool.current} /> : null}
          </div>
        }
      />

      <HistorySection
        heading="Your talking videos"
        emptyText={TALKING_TEXTS.empty}
        emptyIcon={Mic}
        jobs={tool.jobs}
      >
        {(jobs) => (
          <VideoHistory
            jobs={jobs}
            selectedId={tool.current?.id ?? null}
            onSelect={tool.select}
            describe={describeJob}
          />
        )}
      </HistorySection>

      <GalleryNote>Every video you make is kept in your gallery, beside your images.</GalleryNote>

      <UpgradeModal type={modal} onClose={() => setModal(null)} />
    </>
  );
}

/** A talking video in the history: its script, or that it speaks the creator's own audio. */
function describeJob(job: TJob): string {
  if (job.options.recorded === true) return TALKING_TEXTS.fromAudio;
  return typeof job.options.script === 'string' ? job.options.script : '';
}

/** The voice the persona will speak in, and the way to its page where it is chosen. */
function VoiceLine({ persona, preview }: { persona: TInfluencer; preview: boolean }) {
  const voice = useVoice(persona.id);
  if (!voice.data) return null;
  return (
    <p className="flex flex-wrap items-center gap-x-2 gap-y-1 px-1 text-xs text-zinc-400">
      <span>
        {VOICE_TEXTS.heading}:{' '}
        <span className="font-medium text-zinc-200">{voiceName(voice.data, { preview })}</span>
      </span>
      <Link
        to={`${INFLUENCER_PAGE_ROUTE}/${persona.id}`}
        className="text-brand-300 underline-offset-2 hover:underline"
      >
        Open {persona.name}
      </Link>
    </p>
  );
}

/** Whose voice a talking video speaks in: the persona's, or the creator's own audio. */
function JobVoice({ job }: { job: TJob }) {
  const recorded = job.options.recorded === true;
  const influencerId =
    !recorded && typeof job.options.influencerId === 'string' ? job.options.influencerId : '';
  const voice = useVoice(influencerId);
  if (recorded) return <p className="text-sm text-zinc-300">{TALKING_TEXTS.fromAudio}</p>;
  if (!voice.data) return null;
  return (
    <p className="text-sm text-zinc-300">
      {VOICE_TEXTS.heading}:{' '}
      <span className="font-medium text-white">
        {voiceName(voice.data, { preview: job.preview })}
      </span>
    </p>
  );
}

/**
 * 'Send to calendar' once the video is made: the calendar opens its composer with the video's
 * gallery item chosen. For the roles that schedule posts.
 */
function SendToCalendar({ job }: { job: TJob }) {
  const canSchedule = useCan('schedule');
  const galleryId = job.status === 'succeeded' ? job.outputs[0]?.galleryId : undefined;
  if (!galleryId || !canSchedule) return null;
  return (
    <Button asChild variant="outline" className="w-full sm:w-auto">
      <Link to={`/calendar?compose=${encodeURIComponent(galleryId)}`}>
        <CalendarPlus aria-hidden="true" className="size-4" />
        {TALKING_TEXTS.sendToCalendar}
      </Link>
    </Button>
  );
}
