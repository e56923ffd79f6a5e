import {
  CONSENT_DOCUMENT,
  LIKENESS_TEXTS,
  STOCK_VOICES,
  VOICE_RECORDING,
  VOICE_STATEMENT_LABELS,
  VOICE_STATEMENTS,
  VOICE_TEXTS,
  type TPersonaVoice,
  type TStockVoiceKey,
  type TVoiceStatementKind,
} from '@muse/shared';
import { Check, FileText, Mic, Square, Trash2, Upload, Volume2 } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { ConfirmDeleteDialog } from '../../../components/ui/confirm-dialog';
import { QueryError } from '../../../components/ui/query-error';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/toaster';
import { AUDIO_ACCEPT, isAudioFile, readAudioSeconds } from '../../../lib/audio-file';
import { formatDate } from '../../../lib/format-date';
import { formatDuration } from '../../../lib/media-format';
import { voiceName } from '../../../lib/voices';
import { useCan } from '../../../lib/workspaces';
import { useChooseVoice } from '../api/choose-voice';
import { useCloneVoice } from '../api/clone-voice';
import { useVoice, useVoiceSample } from '../api/get-voice';
import { useRemoveVoice } from '../api/remove-voice';

const DOCUMENT_ACCEPT = [...CONSENT_DOCUMENT.types, '.pdf', '.jpg', '.jpeg', '.png'].join(',');

/**
 * The persona's voice (docs/product/talking-video.md): every talking video of it speaks in it.
 * Everyone in the workspace hears its sample; those who may edit the persona choose a stock
 * voice, clone one from a recording (made here or uploaded) with whose voice it is, or go back
 * from a cloned voice to the stock ones.
 */
export function VoicePanel({ influencerId, name }: { influencerId: string; name: string }) {
  const voice = useVoice(influencerId);
  const canEdit = useCan('edit');

  let body;
  if (voice.isPending) body = <Spinner label="Loading the voice" className="py-6" />;
  else if (voice.isError)
    body = <QueryError query={voice} title="The voice could not be loaded." />;
  else
    body = (
      // A new voice starts the forms afresh: the choice shown is the one saved.
      <div key={voice.data.updatedAt} className="space-y-6">
        <CurrentVoice voice={voice.data} influencerId={influencerId} canEdit={canEdit} />
        <HearVoice voice={voice.data} influencerId={influencerId} name={name} />
        {canEdit ? (
          <div className="grid gap-6 lg:grid-cols-2">
            <StockVoices voice={voice.data} influencerId={influencerId} />
            <CloneVoice influencerId={influencerId} />
          </div>
        ) : null}
      </div>
    );

  return (
    <section
      aria-labelledby="voice-heading"
      className="space-y-4 rounded-2xl border border-ink-800 bg-ink-900/70 p-5"
    >
      <div className="space-y-1">
        <h2 id="voice-heading" className="text-lg font-semibold text-white">
          {VOICE_TEXTS.heading}
        </h2>
        <p className="text-sm text-zinc-400">{VOICE_TEXTS.intro}</p>
      </div>
      {body}
    </section>
  );
}

/** The voice in use: a stock voice and what it sounds like, or the cloned one and its recording. */
function CurrentVoice({
  voice,
  influencerId,
  canEdit,
}: {
  voice: TPersonaVoice;
  influencerId: string;
  canEdit: boolean;
}) {
  const remove = useRemoveVoice(influencerId);
  const [confirming, setConfirming] = useState(false);
  const stock = STOCK_VOICES.find((one) => one.key === voice.stockVoice);
  const recording = voice.kind === 'cloned' ? voice.recording : null;

  if (!recording)
    return (
      <p className="text-sm text-zinc-200">
        <span className="font-semibold text-white">{voiceName(voice)}</span>
        {stock ? <span className="text-zinc-400">: {stock.description}</span> : null}
      </p>
    );

  return (
    <div className="space-y-3 rounded-xl border border-ink-700 bg-ink-950/60 p-4">
      <p className="flex items-center gap-2 text-sm font-semibold text-white">
        <Mic aria-hidden="true" className="size-4 text-brand-300" />
        {VOICE_TEXTS.cloned}
      </p>
      <dl className="grid gap-2 text-sm sm:grid-cols-2">
        <div className="min-w-0">
          <dt className="text-xs font-semibold tracking-wide text-zinc-400 uppercase">Recording</dt>
          <dd className="mt-0.5 truncate text-zinc-200">
            {recording.name} · <span className="sr-only">Length: </span>
            {formatDuration(recording.seconds)}
          </dd>
        </div>
        <div>
          <dt className="text-xs font-semibold tracking-wide text-zinc-400 uppercase">Stated</dt>
          <dd className="mt-0.5 text-zinc-200">
            ‘{VOICE_STATEMENT_LABELS[recording.statement]}’ on{' '}
            <time dateTime={recording.statedAt}>{formatDate(recording.statedAt)}</time>
          </dd>
        </div>
      </dl>
      <p className="text-xs text-zinc-400">
        {recording.check === 'stated'
          ? VOICE_TEXTS.stated
          : 'The written consent of the person speaking is kept with it.'}
      </p>
      {canEdit ? (
        <>
          <Button variant="outline" size="sm" onClick={() => setConfirming(true)}>
            <Trash2 aria-hidden="true" className="size-4" />
            Remove the cloned voice
          </Button>
          {remove.error && !confirming ? (
            <p role="alert" className="text-sm text-red-300">
              {remove.error.message}
            </p>
          ) : null}
          <ConfirmDeleteDialog
            open={confirming}
            title="Remove the cloned voice?"
            description="The recording is deleted, and the persona speaks in a stock voice again."
            pending={remove.isPending}
            confirmLabel="Remove"
            pendingLabel="Removing..."
            onConfirm={() =>
              remove.mutate(undefined, {
                onSuccess: () => toast.success(VOICE_TEXTS.saved),
                onSettled: () => setConfirming(false),
              })
            }
            onClose={() => setConfirming(false)}
          />
        </>
      ) : null}
    </div>
  );
}

/**
 * 'Hear <name>': the sample, read with the session and played in the page. What it is: the
 * offline synthesizer's preview of a stock voice, or the start of a cloned voice's recording.
 */
function HearVoice({
  voice,
  influencerId,
  name,
}: {
  voice: TPersonaVoice;
  influencerId: string;
  name: string;
}) {
  const sample = useVoiceSample(influencerId);
  const player = useRef<HTMLAudioElement>(null);
  const played = useRef<string | null>(null);
  const [loaded, setLoaded] = useState(false);
  const noteId = useId();

  // The sample's address is freed when the next replaces it and when the page is left.
  useEffect(
    () => () => {
      if (played.current) URL.revokeObjectURL(played.current);
    },
    [],
  );

  function hear() {
    sample.mutate(undefined, {
      onSuccess: (blob) => {
        const audio = player.current;
        if (!audio) return;
        if (played.current) URL.revokeObjectURL(played.current);
        played.current = URL.createObjectURL(blob);
        audio.src = played.current;
        setLoaded(true);
        // A browser that refuses to play without a gesture of its own leaves the controls shown.
        void audio.play()?.catch(() => undefined);
      },
    });
  }

  const note = voice.sampleIsPreview
    ? VOICE_TEXTS.offlineSample
    : voice.kind === 'cloned'
      ? VOICE_TEXTS.recordingSample
      : null;

  return (
    <div className="space-y-2">
      <Button
        variant="secondary"
        onClick={hear}
        disabled={!voice.hasSample || sample.isPending}
        aria-describedby={note || !voice.hasSample ? noteId : undefined}
        className="w-full sm:w-auto"
      >
        <Volume2 aria-hidden="true" className="size-4" />
        {VOICE_TEXTS.hear(name)}
      </Button>
      <p id={noteId} className="text-xs text-zinc-400">
        {voice.hasSample ? note : VOICE_TEXTS.noVoiceSample}
      </p>
      <audio
        ref={player}
        controls
        aria-label={VOICE_TEXTS.hear(name)}
        className={loaded ? 'w-full' : 'hidden'}
      />
      {sample.error ? (
        <p role="alert" className="text-sm text-red-300">
          {sample.error.message}
        </p>
      ) : null}
    </div>
  );
}

/** The stock voices, the one in use marked, and a save. */
function StockVoices({ voice, influencerId }: { voice: TPersonaVoice; influencerId: string }) {
  const choose = useChooseVoice(influencerId);
  const [choice, setChoice] = useState<TStockVoiceKey>(voice.stockVoice);
  const groupId = useId();
  const current = voice.kind === 'stock' ? voice.stockVoice : null;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    choose.mutate(choice, { onSuccess: () => toast.success(VOICE_TEXTS.saved) });
  }

  return (
    <form className="space-y-3" onSubmit={submit} aria-label={VOICE_TEXTS.stockHeading}>
      <fieldset className="space-y-2">
        <legend className="mb-2 text-sm font-semibold text-white">
          {VOICE_TEXTS.stockHeading}
        </legend>
        {STOCK_VOICES.map((stock) => (
          <label
            key={stock.key}
            className="flex cursor-pointer items-start gap-3 rounded-lg border border-ink-700 p-3 text-sm text-zinc-200 has-[:checked]:border-brand-400 has-[:checked]:bg-brand-500/10"
          >
            <input
              type="radio"
              name={groupId}
              value={stock.key}
              checked={choice === stock.key}
              onChange={() => setChoice(stock.key)}
              className="mt-0.5 accent-brand-500"
            />
            <span className="min-w-0 flex-1">
              <span className="block font-medium text-white">
                {stock.label}
                {current === stock.key ? <span className="sr-only"> (current)</span> : null}
              </span>
              <span className="block text-xs text-zinc-400">{stock.description}</span>
            </span>
            {current === stock.key ? (
              <span
                aria-hidden="true"
                className="inline-flex shrink-0 items-center gap-1 rounded-full bg-brand-500/15 px-2 py-0.5 text-xs font-medium text-brand-200"
              >
                <Check className="size-3" />
                Current
              </span>
            ) : null}
          </label>
        ))}
      </fieldset>
      <Button
        type="submit"
        variant="outline"
        disabled={choice === current || choose.isPending}
        className="w-full"
      >
        Save voice
      </Button>
      {choose.error ? (
        <p role="alert" className="text-sm text-red-300">
          {choose.error.message}
        </p>
      ) : null}
    </form>
  );
}

/** A recording chosen to clone from, and its length when the browser could read it. */
type TPickedRecording = { file: File; url: string; seconds: number | null };

/** What is wrong with a recording before it is sent, by its size and the length the browser read. */
function recordingProblem(recording: TPickedRecording): string | null {
  if (recording.file.size > VOICE_RECORDING.maxBytes) return VOICE_TEXTS.recordingTooLarge;
  const { seconds } = recording;
  if (seconds === null) return null;
  if (seconds < VOICE_RECORDING.minSeconds)
    return VOICE_TEXTS.recordingTooShort(Math.floor(seconds));
  if (seconds > VOICE_RECORDING.maxSeconds) return VOICE_TEXTS.recordingTooLong(Math.ceil(seconds));
  return null;
}

/**
 * 'Clone a voice': a recording made here or uploaded, whose voice it is ('consent' brings the
 * written consent), then 'Use this recording'. What the browser can tell is refused before
 * anything is sent; the server reads the recording itself.
 */
function CloneVoice({ influencerId }: { influencerId: string }) {
  const clone = useCloneVoice(influencerId);
  const [recording, setRecording] = useState<TPickedRecording | null>(null);
  const [statement, setStatement] = useState<TVoiceStatementKind | null>(null);
  const [document, setDocument] = useState<File | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const uploadId = useId();
  const documentId = useId();
  const groupId = useId();
  const latest = useRef<TPickedRecording | null>(null);

  useEffect(() => {
    latest.current = recording;
  }, [recording]);
  useEffect(
    () => () => {
      if (latest.current) URL.revokeObjectURL(latest.current.url);
    },
    [],
  );

  function take(file: File, seconds: number | null) {
    // Read through the ref: a recording made here reports from the render that started it.
    if (latest.current) URL.revokeObjectURL(latest.current.url);
    const next = { file, url: URL.createObjectURL(file), seconds };
    latest.current = next;
    setRecording(next);
    setRefusal(recordingProblem(next));
  }

  async function pickFile(file: File | undefined) {
    setRefusal(null);
    if (!file) return;
    if (!isAudioFile(file)) return setRefusal(VOICE_TEXTS.notAudio);
    take(file, await readAudioSeconds(file));
  }

  function pickDocument(file: File | undefined) {
    setRefusal(null);
    setDocument(null);
    if (!file) return;
    if (file.size > CONSENT_DOCUMENT.maxBytes) setRefusal(LIKENESS_TEXTS.documentTooLarge);
    else setDocument(file);
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const problem = !recording
      ? VOICE_TEXTS.recordingRequired
      : (recordingProblem(recording) ??
        (!statement
          ? VOICE_TEXTS.statementNeeded
          : statement === 'consent' && !document
            ? VOICE_TEXTS.documentNeeded
            : null));
    setRefusal(problem);
    if (problem || !recording || !statement) return;
    clone.mutate(
      {
        recording: recording.file,
        statement,
        document: statement === 'consent' ? document : null,
      },
      { onSuccess: () => toast.success(VOICE_TEXTS.saved) },
    );
  }

  return (
    <form
      className="min-w-0 space-y-3"
      onSubmit={submit}
      noValidate
      aria-labelledby={`${groupId}-heading`}
    >
      <div className="space-y-1">
        <h3 id={`${groupId}-heading`} className="text-sm font-semibold text-white">
          {VOICE_TEXTS.cloneHeading}
        </h3>
        <p className="text-xs text-zinc-400">{VOICE_TEXTS.cloneIntro}</p>
      </div>

      <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:items-start">
        <Recorder onRecorded={(file, seconds) => take(file, seconds)} disabled={clone.isPending} />
        <label
          htmlFor={uploadId}
          className="inline-flex h-11 cursor-pointer items-center justify-center gap-2 rounded-xl border border-ink-600 px-4 text-sm font-semibold text-zinc-100 hover:border-brand-400 focus-within:outline-2 focus-within:outline-brand-400"
        >
          <Upload aria-hidden="true" className="size-4" />
          {VOICE_TEXTS.upload}
          <input
            id={uploadId}
            type="file"
            accept={AUDIO_ACCEPT}
            className="sr-only"
            disabled={clone.isPending}
            onChange={(event) => {
              void pickFile(event.target.files?.[0]);
              event.target.value = '';
            }}
          />
        </label>
      </div>
      <p className="text-xs text-zinc-400">{VOICE_RECORDING.hint}</p>

      {recording ? (
        <div className="space-y-2 rounded-lg border border-ink-700 bg-ink-950/60 p-3">
          <p className="truncate text-sm text-zinc-200">
            {recording.file.name}
            {recording.seconds !== null ? (
              <>
                {' '}
                · <span className="sr-only">Length: </span>
                {formatDuration(recording.seconds)}
              </>
            ) : null}
          </p>
          <audio
            src={recording.url}
            controls
            aria-label={`The recording ${recording.file.name}`}
            className="w-full"
          />
        </div>
      ) : null}

      <fieldset className="space-y-2">
        <legend className="mb-1 text-sm font-medium text-zinc-300">
          {VOICE_TEXTS.statementNeeded}
        </legend>
        {VOICE_STATEMENTS.map((kind) => (
          <label
            key={kind}
            className="flex cursor-pointer items-start gap-3 rounded-lg border border-ink-700 p-3 text-sm text-zinc-200 has-[:checked]:border-brand-400 has-[:checked]:bg-brand-500/10"
          >
            <input
              type="radio"
              name={groupId}
              value={kind}
              checked={statement === kind}
              onChange={() => {
                setStatement(kind);
                setRefusal(null);
              }}
              className="mt-0.5 accent-brand-500"
            />
            {VOICE_STATEMENT_LABELS[kind]}
          </label>
        ))}
      </fieldset>

      {statement === 'consent' ? (
        <div className="space-y-1.5">
          <label
            htmlFor={documentId}
            className="inline-flex h-10 cursor-pointer items-center gap-2 rounded-lg border border-ink-600 px-4 text-sm text-zinc-100 hover:border-brand-400 focus-within:outline-2 focus-within:outline-brand-400"
          >
            <FileText aria-hidden="true" className="size-4" />
            {LIKENESS_TEXTS.uploadDocument}
            <input
              id={documentId}
              type="file"
              accept={DOCUMENT_ACCEPT}
              className="sr-only"
              onChange={(event) => {
                pickDocument(event.target.files?.[0]);
                event.target.value = '';
              }}
            />
          </label>
          <p className="text-xs text-zinc-400">
            {document ? document.name : `${CONSENT_DOCUMENT.hint}. Kept privately with the voice.`}
          </p>
        </div>
      ) : null}

      <Button type="submit" disabled={clone.isPending} className="w-full">
        {VOICE_TEXTS.useRecording}
      </Button>
      {refusal || clone.error ? (
        <p role="alert" className="text-sm text-red-300">
          {refusal ?? clone.error?.message}
        </p>
      ) : null}
    </form>
  );
}

/** The file a recording made in the browser is named by, after its type. */
function recordingFileName(type: string): string {
  if (type.includes('ogg')) return 'recording.ogg';
  if (type.includes('mp4')) return 'recording.m4a';
  return 'recording.webm';
}

/**
 * Record / Stop recording with the MediaRecorder of the browser, the time running beside it. A
 * recording stops by itself at the longest a voice takes. Without a microphone (or leave to use
 * one) it says so: an upload does instead.
 */
function Recorder({
  onRecorded,
  disabled,
}: {
  onRecorded: (file: File, seconds: number) => void;
  disabled: boolean;
}) {
  const supported =
    typeof MediaRecorder !== 'undefined' &&
    typeof navigator !== 'undefined' &&
    !!navigator.mediaDevices?.getUserMedia;
  const [state, setState] = useState<'idle' | 'starting' | 'recording'>('idle');
  const [elapsed, setElapsed] = useState(0);
  const [noMicrophone, setNoMicrophone] = useState(!supported);
  const session = useRef<{ recorder: MediaRecorder; stream: MediaStream; timer: number } | null>(
    null,
  );

  // Leaving the page mid-recording lets the microphone go.
  useEffect(
    () => () => {
      const current = session.current;
      if (!current) return;
      current.recorder.onstop = null;
      clearInterval(current.timer);
      if (current.recorder.state !== 'inactive') current.recorder.stop();
      for (const track of current.stream.getTracks()) track.stop();
    },
    [],
  );

  async function start() {
    setState('starting');
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({ audio: true });
    } catch {
      setState('idle');
      setNoMicrophone(true);
      return;
    }
    const recorder = new MediaRecorder(stream);
    const chunks: Blob[] = [];
    const startedAt = Date.now();
    recorder.ondataavailable = (event) => {
      if (event.data.size > 0) chunks.push(event.data);
    };
    recorder.onstop = () => {
      const seconds = (Date.now() - startedAt) / 1000;
      clearInterval(timer);
      for (const track of stream.getTracks()) track.stop();
      session.current = null;
      setState('idle');
      const type = recorder.mimeType || chunks[0]?.type || 'audio/webm';
      const file = new File(chunks, recordingFileName(type), { type: type.split(';')[0] });
      onRecorded(file, seconds);
    };
    const timer = window.setInterval(() => {
      const seconds = (Date.now() - startedAt) / 1000;
      setElapsed(seconds);
      if (seconds >= VOICE_RECORDING.maxSeconds && recorder.state === 'recording') recorder.stop();
    }, 250);
    session.current = { recorder, stream, timer };
    setElapsed(0);
    recorder.start(1000);
    setState('recording');
  }

  function stop() {
    const recorder = session.current?.recorder;
    if (recorder && recorder.state !== 'inactive') recorder.stop();
  }

  if (noMicrophone) return <p className="text-sm text-zinc-400">{VOICE_TEXTS.noMicrophone}</p>;
  if (state === 'recording')
    return (
      <div className="flex items-center gap-3">
        <Button variant="danger" onClick={stop}>
          <Square aria-hidden="true" className="size-4 fill-current" />
          {VOICE_TEXTS.stopRecording}
        </Button>
        <span role="timer" className="text-sm font-medium text-red-300 tabular-nums">
          <span className="sr-only">Recording: </span>
          {formatDuration(elapsed)}
        </span>
      </div>
    );
  return (
    <Button
      variant="secondary"
      onClick={() => void start()}
      disabled={disabled || state !== 'idle'}
    >
      <Mic aria-hidden="true" className="size-4" />
      {VOICE_TEXTS.record}
    </Button>
  );
}
