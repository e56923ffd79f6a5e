/**
 * The AI engines behind Muse's tools (docs/product/tools.md). Each capability has one interface;
 * the engine used for it is chosen by configuration, so a hosted engine drops in without touching
 * the jobs, routes or pages. Images go in and come out as encoded bytes (PNG, JPEG or WebP).
 */

/** Reports how far a run is: `percent` 0–100 and a short stage text for the progress bar. */
export type TProgress = (percent: number, stage: string) => void;

export type TRunContext = {
  onProgress: TProgress;
  /** Aborted when the job is cancelled or its worker shuts down. */
  signal?: AbortSignal;
};

export type TEncodedImage = {
  data: Buffer;
  width: number;
  height: number;
  contentType: 'image/png' | 'image/jpeg' | 'image/webp';
};

/** Upscale's 'Version 2 (Improved)' and 'Version 1' select two model sizes. */
export type TUpscaleModel = 'v2' | 'v1';

export type TUpscaleOptions = {
  model: TUpscaleModel;
  /** Overlapping tiles blended at the seams: better quality, about double the time. */
  overlappingTiles: boolean;
};

export type TUpscaleEngine = {
  readonly name: string;
  /** Always 4x: the result is exactly 4 × the input's width and height, as PNG. */
  upscale: (
    input: Buffer,
    options: TUpscaleOptions,
    context: TRunContext,
  ) => Promise<TEncodedImage>;
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

export const EDIT_ASPECT_RATIOS = ['match', '1:1', '16:9', '9:16', '4:3', '3:4'] as const;
export type TEditAspectRatio = (typeof EDIT_ASPECT_RATIOS)[number];
export const EDIT_FORMATS = ['jpg', 'png', 'webp'] as const;
export type TEditFormat = (typeof EDIT_FORMATS)[number];

export type TEditOptions = {
  aspectRatio: TEditAspectRatio;
  format: TEditFormat;
  /** An integer 1–6, default 6 (higher values allow more creative edits). */
  safetyTolerance: number;
  /** The edit asked for in words; '' for framing and format only. */
  prompt: string;
};

export type TEditEngine = {
  readonly name: string;
  /** Whether the engine can make generative changes from `prompt` (the local engine cannot). */
  readonly generative: boolean;
  edit: (input: Buffer, options: TEditOptions, context: TRunContext) => Promise<TEncodedImage>;
};

export type TPromptResult = {
  /** A generation prompt ready to paste. */
  prompt: string;
  analysis: TImageAnalysis;
};

export type TPromptEngine = {
  readonly name: string;
  /** Writes a generation prompt from the image, merged with the creator's own text. */
  describe: (input: Buffer, customPrompt: string, context: TRunContext) => Promise<TPromptResult>;
};
