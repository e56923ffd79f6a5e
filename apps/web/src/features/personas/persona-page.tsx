import {
  influencerNicheLabel,
  PERSONA_PHOTO_HINT,
  PERSONA_PHOTOS,
  PERSONA_TEXTS,
  PHOTO_CHECKS,
  type TInfluencer,
  type TPersona,
} from '@muse/shared';
import { ArrowLeft, Sparkles, Upload, Zap } from 'lucide-react';
import { useId, useRef, useState, type ComponentType, type DragEvent } from 'react';
import { Link, useParams } from 'react-router';
import { Button } from '../../components/ui/button';
import { QueryError } from '../../components/ui/query-error';
import { PageSpinner } from '../../components/ui/spinner';
import { InfluencerPicture } from '../../components/workspace/influencer-picture';
import { PersonaStatusBadge } from '../../components/workspace/persona-status-badge';
import { VerifiedLikenessBadge } from '../../components/workspace/verified-likeness-badge';
import { cn } from '../../lib/cn';
import { usePageTitle } from '../../lib/use-page-title';
import { useInfluencer, usePersona } from './api/get-persona';
import { useRemovePhoto } from './api/remove-photo';
import { IdentityScorePanel } from './components/identity-score-panel';
import { LikenessPanel } from './components/likeness-panel';
import { PhotoTile, UploadTile } from './components/photo-tile';
import { TrainingPanel } from './components/training-panel';
import { VoicePanel } from './components/voice-panel';
import { WritingVoicePanel } from './components/writing-voice-panel';
import { PHOTO_ACCEPT, sortPickedFiles, type TRefusedFile } from './photo-files';
import { usePhotoUploads } from './use-photo-uploads';

/**
 * An influencer's persona (docs/product/personas.md): its photos with the checks' verdicts,
 * uploads, whose likeness they show, training, identity scores, and its voice.
 */
/**
 * What the persona page shows under the photos, handed in by the app: the public page's settings,
 * and the influencer's accounts on the platforms it publishes to.
 */
type TInfluencerCard = ComponentType<{ influencerId: string }>;

export function PersonaPage({
  pageSettings,
  platformAccounts,
}: {
  pageSettings: TInfluencerCard;
  platformAccounts: TInfluencerCard;
}) {
  const { id = '' } = useParams();
  const influencer = useInfluencer(id);
  const persona = usePersona(id);
  usePageTitle(influencer.data ? `${influencer.data.name}: persona` : 'Persona');

  if (influencer.data && persona.data)
    return (
      <PersonaView
        influencer={influencer.data}
        persona={persona.data}
        pageSettings={pageSettings}
        platformAccounts={platformAccounts}
      />
    );
  const failed = influencer.isError ? influencer : persona.isError ? persona : null;
  if (failed)
    return (
      <div className="space-y-4">
        <BackLink />
        <QueryError query={failed} title="This influencer could not be loaded." heading />
      </div>
    );
  return <PageSpinner label="Loading the persona" />;
}

function BackLink() {
  return (
    <Link
      to="/influencers"
      className="inline-flex items-center gap-1.5 text-sm text-zinc-400 hover:text-white"
    >
      <ArrowLeft aria-hidden="true" className="size-4" />
      Influencers
    </Link>
  );
}

function PersonaView({
  influencer,
  persona,
  pageSettings: PageSettingsCard,
  platformAccounts: PlatformAccountsCard,
}: {
  influencer: TInfluencer;
  persona: TPersona;
  pageSettings: TInfluencerCard;
  platformAccounts: TInfluencerCard;
}) {
  const { uploads, send, dismiss } = usePhotoUploads(influencer.id);
  const remove = useRemovePhoto(influencer.id);
  const [refused, setRefused] = useState<TRefusedFile[]>([]);
  const [dragging, setDragging] = useState(false);
  const picker = useRef<HTMLInputElement>(null);
  const pickerId = useId();
  const held = persona.photos.length + uploads.filter((upload) => !upload.error).length;

  function pick(files: readonly File[]) {
    const sorted = sortPickedFiles(files, held);
    setRefused(sorted.refused);
    if (sorted.accepted.length) void send(sorted.accepted);
  }

  function drop(event: DragEvent) {
    event.preventDefault();
    setDragging(false);
    pick([...event.dataTransfer.files]);
  }

  // Without a picture of its own, the persona's first photo that passes stands for it.
  const cover = persona.photos.find((photo) => photo.verdict.ok);
  const pictured =
    influencer.image || !cover ? influencer : { ...influencer, thumbnail: cover.thumbnail };

  const illustrated =
    persona.kind === 'marketplace' &&
    persona.photos.some((photo) => photo.source === 'marketplace') &&
    !persona.scoreable;

  return (
    <div className="space-y-6">
      <BackLink />
      <header className="flex flex-col gap-5 sm:flex-row sm:items-center">
        <div className="relative aspect-[3/4] w-28 shrink-0 overflow-hidden rounded-2xl border border-ink-800 bg-ink-950 sm:w-36">
          <InfluencerPicture influencer={pictured} initialsClassName="text-3xl" whole />
        </div>
        <div className="min-w-0 space-y-2">
          <div className="flex flex-wrap gap-2">
            <PersonaStatusBadge status={persona.status} />
            <VerifiedLikenessBadge likeness={persona.likeness} />
          </div>
          <h1 className="truncate text-3xl font-bold tracking-tight text-white sm:text-4xl">
            {influencer.name}
          </h1>
          <p className="text-zinc-400">{influencerNicheLabel(influencer.niche)}</p>
        </div>
      </header>

      <EngineNote engine={persona.engine} />

      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <section aria-labelledby="photos-heading" className="min-w-0 space-y-4">
          <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
            <div className="space-y-1">
              <h2 id="photos-heading" className="text-lg font-semibold text-white">
                Photos
              </h2>
              <p className="text-sm text-zinc-400">
                {persona.photos.length} of {PERSONA_PHOTOS.max}
              </p>
            </div>
            <Button
              variant={persona.photos.length ? 'outline' : 'primary'}
              onClick={() => picker.current?.click()}
              disabled={held >= PERSONA_PHOTOS.max}
              className="w-full sm:w-auto"
            >
              <Upload aria-hidden="true" className="size-4" />
              {persona.photos.length ? 'Add photos' : PERSONA_TEXTS.uploadTrainingPhotos}
            </Button>
            <input
              ref={picker}
              id={pickerId}
              type="file"
              multiple
              accept={PHOTO_ACCEPT}
              className="sr-only"
              tabIndex={-1}
              aria-label="Training photos"
              onChange={(event) => {
                pick([...(event.target.files ?? [])]);
                event.target.value = '';
              }}
            />
          </div>

          {illustrated ? (
            <p className="rounded-xl border border-ink-700 bg-ink-900/70 p-4 text-sm text-zinc-300">
              These portraits are illustrations of the persona; no face in them can be measured, so
              identity scores need photos: add some above.
            </p>
          ) : null}

          {refused.length ? (
            <ul role="alert" className="space-y-1 text-sm text-red-300">
              {refused.map((file, index) => (
                <li key={`${file.name}-${index}`}>
                  {file.name}: {file.reason}
                </li>
              ))}
            </ul>
          ) : null}

          <div
            onDragOver={(event) => {
              event.preventDefault();
              setDragging(true);
            }}
            onDragLeave={() => setDragging(false)}
            onDrop={drop}
            className={cn(
              'rounded-2xl border border-dashed p-3 transition-colors sm:p-4',
              dragging ? 'border-brand-400 bg-brand-500/5' : 'border-ink-700',
            )}
          >
            {persona.photos.length || uploads.length ? (
              <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 xl:grid-cols-4">
                {persona.photos.map((photo) => (
                  <PhotoTile
                    key={photo.id}
                    photo={photo}
                    removing={remove.isPending && remove.variables === photo.id}
                    onRemove={() => remove.mutate(photo.id)}
                  />
                ))}
                {uploads.map((upload) => (
                  <UploadTile
                    key={upload.key}
                    name={upload.name}
                    error={upload.error}
                    onDismiss={() => dismiss(upload.key)}
                  />
                ))}
              </ul>
            ) : (
              <div className="space-y-2 px-2 py-8 text-center">
                <p className="font-semibold text-white">Drop photos here, or upload them</p>
                <p className="text-sm text-zinc-400">{PERSONA_PHOTO_HINT}</p>
              </div>
            )}
          </div>
        </section>

        <div className="space-y-6">
          {/* Whose likeness the photos show: stated before training (docs/product/personas.md). */}
          {persona.kind === 'custom' ? <LikenessPanel persona={persona} /> : null}
          <TrainingPanel persona={persona} />
          <IdentityScorePanel influencerId={influencer.id} />
        </div>
      </div>
      {/* After training on a phone, so 'Start training' sits right below the photos. */}
      <PhotoRules />
      {/* The voice every talking video of the persona speaks in. */}
      <VoicePanel influencerId={influencer.id} name={influencer.name} />
      {/* How it writes: every caption, bio and prompt drafted in its name follows it. */}
      <WritingVoicePanel influencerId={influencer.id} name={influencer.name} />
      <PageSettingsCard influencerId={influencer.id} />
      <PlatformAccountsCard influencerId={influencer.id} />
    </div>
  );
}

function EngineNote({ engine }: { engine: TPersona['engine'] }) {
  const Icon = engine === 'local' ? Zap : Sparkles;
  return (
    <p className="flex gap-3 rounded-xl border border-ink-800 bg-ink-900/50 p-4 text-sm text-zinc-300">
      <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-accent-400" />
      <span>
        {engine === 'local'
          ? 'Ready at once, no waiting: the photos that pass the checks become this persona’s reference set. Its Offline previews are made from them, and every other result is scored against them for likeness.'
          : 'Muse learns this persona’s face from the photos that pass (about 2 to 5 minutes) and keeps what it learned with the persona, for closer likeness in every result.'}
      </span>
    </p>
  );
}

/** The checks, stated before anything is uploaded (the same figures the server applies). */
function PhotoRules() {
  return (
    <details
      className="rounded-xl border border-ink-800 bg-ink-900/50 p-4 text-sm text-zinc-300"
      open
    >
      <summary className="cursor-pointer font-semibold text-white">What makes a good set</summary>
      <ul className="mt-2 list-disc space-y-1 pl-5">
        <li>
          {PERSONA_PHOTOS.minToTrain} to {PERSONA_PHOTOS.max} photos of the same person, in
          different places, outfits and light.
        </li>
        <li>
          One face per photo, at least {PHOTO_CHECKS.minFacePixels} px tall and not cut off at the
          edge.
        </li>
        <li>Sharp: a blurred face is refused.</li>
        <li>No repeats: the same shot twice adds nothing.</li>
        <li>{PERSONA_PHOTO_HINT}. Checked on Muse&apos;s own servers before anything is spent.</li>
      </ul>
    </details>
  );
}
