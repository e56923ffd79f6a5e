/**
 * A persona's voice and its talking videos (docs/product/talking-video.md): the stock voices, a
 * voice cloned from a recording and whose voice it is, how long a script takes to say, and the
 * texts of the voice section and the Talking Video page.
 */
import { z } from 'zod';
import { CREDIT_COSTS, formatCount } from '../plans';
import { TALKING_SCRIPT_MAX_CHARS } from '../tools/choices';

/**
 * The stock voices, in the order the persona page lists them. Each engine speaks a key with a
 * voice of its own (the offline synthesizer's, or the hosted speech model's): the key is what is
 * kept with the persona.
 */
export const STOCK_VOICES = [
  { key: 'aria', label: 'Aria', description: 'Warm, clear, female' },
  { key: 'lumi', label: 'Lumi', description: 'Bright, lively, female' },
  { key: 'cole', label: 'Cole', description: 'Calm, friendly, male' },
  { key: 'reed', label: 'Reed', description: 'Deep, steady, male' },
  { key: 'finn', label: 'Finn', description: 'Easy-going, Scottish, male' },
] as const;
export const STOCK_VOICE_KEYS = STOCK_VOICES.map((voice) => voice.key) as [
  (typeof STOCK_VOICES)[number]['key'],
  ...(typeof STOCK_VOICES)[number]['key'][],
];
export type TStockVoiceKey = (typeof STOCK_VOICES)[number]['key'];
/** The voice of a persona that has not chosen one. */
export const DEFAULT_STOCK_VOICE: TStockVoiceKey = 'aria';

/** Whose voice a recording is: the likeness statements' grounds, said of a voice. */
export const VOICE_STATEMENTS = ['self', 'consent', 'synthetic'] as const;
export type TVoiceStatementKind = (typeof VOICE_STATEMENTS)[number];
export const VOICE_STATEMENT_LABELS: Record<TVoiceStatementKind, string> = {
  self: 'This recording is of my own voice',
  consent: 'I have the written consent of the person speaking',
  synthetic: 'This recording is of a synthetic voice',
};

/** A recording a voice is cloned from: 30 seconds to 3 minutes, up to 20 MB, judged by content. */
export const VOICE_RECORDING = {
  minSeconds: 30,
  maxSeconds: 180,
  maxBytes: 20 * 1024 * 1024,
  types: ['audio/wav', 'audio/mpeg', 'audio/mp4', 'audio/webm', 'audio/ogg', 'audio/flac'],
  hint: 'WAV, MP3, M4A, WEBM, OGG or FLAC · 30 seconds to 3 minutes',
} as const;

/** The audio a talking video may speak instead of a script: up to 60 seconds and 10 MB. */
export const TALKING_AUDIO = {
  maxSeconds: 60,
  maxBytes: 10 * 1024 * 1024,
  types: VOICE_RECORDING.types,
  hint: 'WAV, MP3, M4A, WEBM, OGG or FLAC · up to 60 seconds',
} as const;

/**
 * The pace Muse assumes of speech: characters a second at an even pace (about 150 words a
 * minute) and the pause a sentence's end or a comma adds, in seconds. A script's length and the
 * word times estimated for speech that came without them both follow it.
 */
export const SPEECH_PACE = { charactersPerSecond: 14.5, sentencePause: 0.35, commaPause: 0.15 };

/**
 * How long a script takes to say, in seconds (one decimal): its characters at an even pace,
 * plus the pauses of its sentences and commas. The page shows it as the creator types; the
 * credits a script reserves are its whole seconds, rounded up.
 */
export function speechSeconds(script: string): number {
  const text = script.trim().replace(/\s+/g, ' ');
  if (!text) return 0;
  const spoken = text.replace(/[^\p{L}\p{N}\s'-]/gu, '').length;
  const sentences = (text.match(/[.!?]+(\s|$)/g) ?? []).length;
  const commas = (text.match(/[,;:]/g) ?? []).length;
  const seconds =
    spoken / SPEECH_PACE.charactersPerSecond +
    sentences * SPEECH_PACE.sentencePause +
    commas * SPEECH_PACE.commaPause;
  return Math.max(0.5, Math.round(seconds * 10) / 10);
}

/** The credits a talking video of `seconds` reserves with a hosted engine; speech only for a script. */
export function talkingVideoCredits(seconds: number, fromScript: boolean): number {
  const whole = Math.max(1, Math.ceil(seconds));
  return whole * (CREDIT_COSTS.talkingVideo + (fromScript ? CREDIT_COSTS.speech : 0));
}

/** A persona's voice as its page shows it. */
export const ZPersonaVoice = z.object({
  kind: z.enum(['stock', 'cloned']),
  /** The stock voice, or for a cloned voice the stock voice an offline preview speaks in. */
  stockVoice: z.enum(STOCK_VOICE_KEYS),
  /** A cloned voice's recording, and whose voice it is. */
  recording: z
    .object({
      seconds: z.number(),
      name: z.string(),
      statement: z.enum(VOICE_STATEMENTS),
      /**
       * 'stated': what the creator said is recorded as said (no speaker-similarity model runs
       * here to check 'self'); 'document': the consent document is kept with it.
       */
      check: z.enum(['stated', 'document']),
      statedAt: z.string(),
    })
    .nullable(),
  /** Whether 'Hear <name>' has a sample to play. */
  hasSample: z.boolean(),
  /** The sample was spoken by the offline synthesizer ('Offline preview'), not by the voice itself. */
  sampleIsPreview: z.boolean(),
  updatedAt: z.string(),
});
export type TPersonaVoice = z.infer<typeof ZPersonaVoice>;

export const ZPersonaVoiceResponse = z.object({ success: z.literal(true), voice: ZPersonaVoice });

/** Choosing a stock voice (JSON). */
export const ZStockVoiceRequest = z.object({
  stockVoice: z.enum(STOCK_VOICE_KEYS, { error: 'Choose one of the voices' }),
});

/** A recording's form (multipart): `statement`, the file `recording`, for 'consent' a `document`. */
export const ZVoiceRecordingFields = z.object({
  statement: z.enum(VOICE_STATEMENTS, { error: 'Say whose voice this recording is' }),
});

export const VOICE_TEXTS = {
  heading: 'Voice',
  intro: 'Every talking video of this persona speaks in this voice.',
  stockHeading: 'Stock voices',
  cloneHeading: 'Clone a voice',
  cloneIntro:
    'Record or upload 30 seconds to 3 minutes of one person speaking clearly, with no music behind.',
  record: 'Record',
  stopRecording: 'Stop recording',
  upload: 'Upload a recording',
  useRecording: 'Use this recording',
  saved: 'Voice saved',
  cloned: 'Cloned voice',
  hear: (name: string) => `Hear ${name}`,
  sampleLine: (name: string) => `Hi, I'm ${name}. This is how I sound in my videos.`,
  offlineSample: 'Offline preview: spoken by the offline synthesizer, not in the voice itself.',
  recordingSample: 'The start of the recording this voice is cloned from.',
  stated: 'Recorded as stated: no speaker check runs here.',
  statementNeeded: 'Say whose voice this recording is',
  documentNeeded: 'Upload the written consent of the person speaking',
  recordingRequired: 'Choose a recording first',
  recordingTooShort: (seconds: number) =>
    `This recording is ${seconds} seconds long: a voice needs at least 30 seconds of speech.`,
  recordingTooLong: (seconds: number) =>
    `This recording is ${seconds} seconds long: use at most 3 minutes.`,
  recordingTooLarge: 'Recordings must be 20 MB or smaller',
  recordingSilent: 'This recording is silent: record one person speaking clearly.',
  notAudio: 'This file is not a recording Muse can read: use WAV, MP3, M4A, WEBM, OGG or FLAC.',
  noMicrophone: 'No microphone is available here: upload a recording instead.',
  noVoiceSample: 'This persona has no voice sample yet',
} as const;

export const TALKING_TEXTS = {
  title: 'Talking Video',
  intro: 'The persona says your words, lips in sync, in its own voice.',
  scriptLabel: 'Script',
  scriptPlaceholder: 'What should the persona say?',
  seconds: (seconds: number) => `About ${seconds.toFixed(1)} seconds`,
  scriptHint: 'Up to about a minute: its length shows as you type',
  scriptOrAudio: 'Write a script or upload the audio',
  scriptTooLong: `Keep the script under ${TALKING_SCRIPT_MAX_CHARS} characters (about a minute)`,
  audioLabel: 'Or the audio',
  audioHint: TALKING_AUDIO.hint,
  audioTooLong: (seconds: number) =>
    `This audio is ${seconds} seconds long: a talking video takes up to 60 seconds.`,
  audioTooLarge: 'Audio must be 10 MB or smaller',
  audioSilent: 'This audio is silent: record or upload the words the persona should say.',
  captions: 'Burn in captions',
  captionsNeedScript: 'Captions are written from the script',
  sourceLabel: 'Picture',
  button: (credits: number) => `Make Talking Video (${formatCount(credits)} credits)`,
  perSecond: `${CREDIT_COSTS.talkingVideo + CREDIT_COSTS.speech} credits a second from a script, ${CREDIT_COSTS.talkingVideo} from your own audio`,
  empty: 'No talking videos yet',
  noFace: 'No face was found in this picture: choose one where the face is clearly visible.',
  offlineNote:
    "What you get here are free Offline previews: the offline synthesizer (or your own audio) speaks, and Muse opens and shapes the persona's mouth on its photo to the sound, with blinks and a gentle head sway. Videos where the whole face and body move with the words, in the persona's cloned voice, are not available yet.",
  sendToCalendar: 'Send to calendar',
  /** Why an offline talking video has no identity score. */
  previewNotScored:
    'Offline preview moving the mouth on the chosen picture: a score would only measure that picture',
  pictureRequired: 'Choose the picture of the persona first',
  /** The words a talking video made from the creator's own audio is listed with. */
  fromAudio: 'Talking video from your own audio',
} as const;
