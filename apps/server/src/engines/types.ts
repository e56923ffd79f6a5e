/**
 * The AI engines behind Muse's tools (docs/product/tools.md). Each tool has one engine
 * interface, keyed like the tool ('upscale', 'edit-image', 'generate-prompt'): one `run` that
 * takes the input image and the tool's options as `ZJobRequest` (packages/shared) parses them.
 * The engine of each tool is chosen by configuration (`ENGINE_UPSCALE`, …), so a hosted engine
 * drops in without touching the jobs, routes or pages. Images go in and come out as encoded
 * bytes (PNG, JPEG or WebP).
 */
import type { TJobOptions, TJobTool, TStockVoiceKey } from '@muse/shared';
import type { TConfig } from '../config';

/** Reports how far a run is: `percent` 0–100 and a short stage text for the progress bar. */
export type TProgress = (percent: number, stage: string) => void;

/**
 * How a hosted engine that waits on a provider's queue keeps its place: the request an earlier
 * attempt of the same job submitted, a way to save a new one before waiting, and a wait that a
 * verified webhook ends early (docs/decisions/0021-generation-engines.md).
 */
export type TProviderContext = {
  /** The provider's request of an earlier attempt (its worker died): follow it, never pay twice. */
  requestId: string | null;
  /** Saves the request on the job, before the engine waits on it. */
  onSubmitted: (requestId: string) => Promise<void>;
  /** Resolves when the provider's webhook reports `requestId` finished, or after `ms` (a poll). */
  wait: (requestId: string, ms: number, signal?: AbortSignal) => Promise<void>;
};

export type TRunContext = {
  onProgress: TProgress;
  /** Aborted when the job is cancelled or its worker shuts down. */
  signal?: AbortSignal;
  /** Given to engines that run on the main thread (hosted ones); engine threads have none. */
  provider?: TProviderContext;
};

export type TEncodedImage = {
  /** A Buffer from an engine in this thread; a Uint8Array when it crossed from an engine thread. */
  data: Uint8Array;
  width: number;
  height: number;
  contentType: 'image/png' | 'image/jpeg' | 'image/webp';
};

/** A face or a subject found in an image, in pixels of that image. */
export type TBox = { x: number; y: number; width: number; height: number };

export type TFace = {
  box: TBox;
  /** 0–1 */
  score: number;
  age?: number;
  gender?: 'female' | 'male';
  /** e.g. 'happy', 'neutral' */
  expression?: string;
  /** Head turn in degrees: yaw (left/right) and pitch (up/down), when known. */
  yaw?: number;
  pitch?: number;
};

export type TImageAnalysis = {
  width: number;
  height: number;
  faces: TFace[];
  /** The area worth keeping when cropping: the faces (with room around them) or the salient region. */
  subject: TBox;
  /** 'close-up' | 'head and shoulders' | 'half-body' | 'full-body' | 'wide' */
  framing: string;
  /** Up to 5 dominant colours as names ('warm beige', 'deep navy'), most common first. */
  palette: string[];
  /** e.g. 'bright, soft daylight' or 'low-key, moody lighting' */
  lighting: string;
  orientation: 'portrait' | 'landscape' | 'square';
};

export type TImageAnalyser = {
  readonly name: string;
  analyse: (input: Buffer, context?: Partial<TRunContext>) => Promise<TImageAnalysis>;
};

export type TPromptResult = {
  /** A generation prompt ready to paste. */
  prompt: string;
  analysis: TImageAnalysis;
};

/** A generated or edited image, with what a hosted provider said about it. */
export type TGeneratedImage = TEncodedImage & {
  /** The provider's own safety checker flagged it: it is withheld like one the local check flags. */
  flagged?: boolean;
  /** The seed the engine used. */
  seed?: number;
  /** The safety tolerance the service applied (it may lower the one asked for). */
  appliedSafetyTolerance?: number;
  /** The hosted model that made it (a fal endpoint id), for its Content Credentials. */
  model?: string;
};

/** A video an engine made: H.264 in MP4, which every browser plays. */
export type TEncodedVideo = {
  /** A Buffer from an engine in this thread; a Uint8Array when it crossed from an engine thread. */
  data: Uint8Array;
  width: number;
  height: number;
  contentType: 'video/mp4';
  durationSeconds: number;
  /** Frames per second. */
  fps: number;
  hasAudio: boolean;
  /** The provider's own safety checker flagged it: it is withheld. */
  flagged?: boolean;
  /** The hosted model that made it (a fal endpoint id), for its Content Credentials. */
  model?: string;
};

/** A word of a talking video's speech and when it is said, in seconds from the start. */
export type TWordTiming = { text: string; start: number; end: number };

/**
 * The voice a talking video speaks in (docs/product/talking-video.md): a stock voice, which each
 * engine speaks with a voice of its own, or a voice cloned from a recording. `stockVoice` is
 * always set: an engine that cannot clone (the offline one) speaks it instead.
 */
export type TTalkingVoice =
  | { kind: 'stock'; stockVoice: TStockVoiceKey }
  | {
      kind: 'cloned';
      stockVoice: TStockVoiceKey;
      /** The recording it is cloned from: WAV, 16-bit mono. */
      recording: Uint8Array;
      /** The hosted engine's voice made from it before, to reuse; null: not cloned there yet. */
      providerVoiceId: string | null;
    };

/** A talking video an engine made, with what it knows of its speech. */
export type TTalkingVideo = TEncodedVideo & {
  /** How long the speech is, in seconds (the video is as long, give or take a frame). */
  speechSeconds: number;
  /** The words and their times, when the speech came from a script; [] for uploaded audio. */
  words: TWordTiming[];
  /** Who spoke: the offline synthesizer, the uploaded audio, or the hosted voice. */
  spokenBy: 'offline' | 'audio' | 'hosted';
  /** A voice the hosted engine cloned in this run, kept with the persona for the next. */
  clonedVoiceId?: string;
};

/**
 * What each tool's engine gives back (`output`), is given beyond the tool's options (`extras`) and
 * says of itself beyond its name (`traits`), by tool. Each tool's `tools/<key>/engines.ts` adds
 * its own entry to this interface (module augmentation), so the maps below need no line per tool;
 * the compiler refuses a tool without its entry (`TEngineOutputs` and the others are mapped over
 * every tool's key).
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- each tool's engines.ts fills it.
export interface TToolEngineTypes {}

/** The shape of one tool's entry in `TToolEngineTypes`. */
export type TEngineTypes<Output, Extras extends object = object, Traits extends object = object> = {
  output: Output;
  extras: Extras;
  traits: Traits;
};

/** What each tool's engine gives back. */
export type TEngineOutputs = { [T in TJobTool]: TToolEngineTypes[T]['output'] };

/**
 * The persona a generation shows. Its best reference photo is the engine's input (an empty
 * buffer without a persona); a trained persona also has its trigger word and LoRA.
 */
export type TPersonaRef = {
  name: string;
  /** The word that calls up a trained persona in a prompt ('mse7k2q'); null when untrained. */
  triggerWord: string | null;
  /** The trained LoRA in Muse's storage; null when untrained or trained offline. */
  loraKey: string | null;
};

/** What an engine is given beyond the tool's options, by tool. */
export type TEngineExtras = { [T in TJobTool]: TToolEngineTypes[T]['extras'] };

/** What a tool's engine receives: the tool's options and the extras above. */
export type TEngineOptions<T extends TJobTool> = TJobOptions<T> & TEngineExtras[T];

/** The engine of one tool. */
export type TEngine<T extends TJobTool> = {
  /** 'local', or the hosted service that runs it. */
  readonly name: string;
  run: (
    input: Buffer,
    options: TEngineOptions<T>,
    context: TRunContext,
  ) => Promise<TEngineOutputs[T]>;
};

/** What some engines say about themselves beyond their name. */
export type TEngineTraits = { [T in TJobTool]: TToolEngineTypes[T]['traits'] };

/** The engine of each tool, chosen by configuration. */
export type TEngines = { [T in TJobTool]: TEngine<T> & TEngineTraits[T] };

/** The engine name a tool's variable selects (`ENGINE_UPSCALE`, …): 'local' or 'fal'. */
export type TEngineName = TConfig['ENGINE_GENERATE_IMAGE'];

export type TEngineChoice = {
  engines: Record<TJobTool, TEngineName>;
  /** Threads one local upscale spreads its tiles over (1: its engine thread alone). */
  upscaleThreads: number;
};
