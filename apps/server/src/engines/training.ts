/**
 * Persona training (docs/product/personas.md): what an engine that turns a persona's checked
 * photos into something generation can use is given, and what it gives back. The hosted engine
 * (`fal`) trains a FLUX LoRA; the local engine trains nothing, the checked photos themselves
 * being the persona's reference set.
 */
import type { TPersonaEngine } from '@muse/shared';
import type { TRunContext } from './types';

export type TTrainingInput = {
  /** A zip of the persona's checked photos (JPEG, upright, no metadata), as fal's trainers take it. */
  zip: Buffer;
  /** How many photos the zip holds. */
  photoCount: number;
  /** The word generation prompts use to call up the persona, e.g. 'mse7k2q woman'. */
  triggerWord: string;
  /**
   * The provider's request of an earlier attempt of the same job (its worker died while
   * waiting): the engine follows it rather than paying for a second training.
   */
  requestId: string | null;
};

export type TTrainingContext = TRunContext & {
  /**
   * Called once the provider has accepted the request, before waiting on it, so that a retry
   * of the job follows the same request (`TTrainingInput.requestId`).
   */
  onSubmitted: (requestId: string) => Promise<void>;
};

export type TTrainingResult = {
  /** The trained LoRA weights (safetensors), or null when the engine trains nothing (local). */
  lora: { data: Buffer; fileName: string } | null;
};

export type TTrainingEngine = {
  readonly name: TPersonaEngine;
  /** Whether `run` trains a model (hosted) or only confirms the reference set (local). */
  readonly trains: boolean;
  run: (input: TTrainingInput, context: TTrainingContext) => Promise<TTrainingResult>;
};
