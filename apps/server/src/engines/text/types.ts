/**
 * The text engine behind drafts (docs/product/drafts.md): one interface with a method per kind
 * of draft, chosen by `ENGINE_TEXT`. The local engine writes from Muse's templates; the
 * OpenAI-compatible one asks a chat-completions server. Both take the same inputs, so the
 * drafts' job (tools/write-text) never knows which one wrote.
 */
import type {
  TCaptionTarget,
  TGeneratedPersona,
  TInfluencerNiche,
  TPromptDraftTool,
  TTextEngine as TTextEngineKey,
  TVoiceProfile,
} from '@muse/shared';

/** The persona a draft is written as: its bio and, once it has one, its voice profile. */
export type TWriterPersona = {
  name: string;
  niche: string;
  personality: string;
  targetAudience: string;
  description: string;
  profile: TVoiceProfile | null;
};

/** A picture or clip of a post, as the engine is told of it. */
export type TCaptionMedia = {
  kind: 'image' | 'video';
  /** Muse's own description of it (its image analysis, written as a prompt would be). */
  description: string;
  /** What it was made from, the persona's trigger word taken out; '' when unknown. */
  prompt: string;
  durationSeconds: number | null;
  /** The picture itself (a JPEG data URL), only for a server known to read images. */
  imageUrl?: string;
};

/** One caption to write: where it goes, its most characters and how many hashtags it asks for. */
export type TCaptionSlot = { target: TCaptionTarget; maxLength: number; hashtags: number };

/** A caption as an engine writes it, before Muse fits it to its target. */
export type TWrittenCaption = { target: TCaptionTarget; caption: string; hashtags: string[] };

export type TTextCall = { signal?: AbortSignal };

export type TTextEngine = {
  readonly name: TTextEngineKey;
  /** Free drafts from Muse's templates, labelled 'Offline preview'. */
  readonly preview: boolean;
  /** Whether the pictures themselves may be sent (the model reads images). */
  readonly acceptsImages: boolean;
  captions: (
    input: {
      persona: TWriterPersona;
      media: TCaptionMedia[];
      slots: TCaptionSlot[];
      /** What the creator wants said, or ''. */
      words: string;
    },
    call?: TTextCall,
  ) => Promise<TWrittenCaption[]>;
  persona: (
    input: { niche: TInfluencerNiche; name: string },
    call?: TTextCall,
  ) => Promise<TGeneratedPersona>;
  /** A prompt for the tool's engine from the creator's few words; never the trigger word. */
  prompt: (
    input: {
      tool: TPromptDraftTool;
      words: string;
      persona: TWriterPersona | null;
      maxLength: number;
    },
    call?: TTextCall,
  ) => Promise<string>;
  voiceProfile: (input: { persona: TWriterPersona }, call?: TTextCall) => Promise<TVoiceProfile>;
};

/**
 * A draft the engine could not write, with the reason the creator reads (the job fails with it
 * and is refunded).
 */
export class TextEngineFailure extends Error {
  constructor(
    readonly reason: string,
    cause?: unknown,
  ) {
    super(reason, { cause });
    this.name = 'TextEngineFailure';
  }
}
