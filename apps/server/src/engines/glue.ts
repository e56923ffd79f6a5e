/** The types of a tool's engine glue (apps/server/src/tools/<key>/engines.ts, local-engine.ts). */
import type { TJobTool } from '@muse/shared';
import type { TStorage } from '../lib/storage';
import type { TFalConnection } from './fal/client';
import type { TFalWaiting } from './fal/queue';
import type { TEngineChoice, TEngines, TEngineTraits, TImageAnalyser } from './types';

/** What a tool's local engine is built with, in the thread that runs it. */
export type TLocalEngineKit = {
  choice: TEngineChoice;
  /** One image analyser, shared by the engines that read pictures. */
  analyser: TImageAnalyser;
};

/** What a tool's hosted engine is built with: the fal connection and how to wait on it. */
export type THostedEngineKit = {
  fal: TFalConnection;
  waiting: TFalWaiting;
  storage: TStorage;
};

/**
 * A tool's engine glue (`apps/server/src/tools/<key>/engines.ts`): what its local engine says of
 * itself when it runs in an engine thread, and how its hosted engine is built when the tool has
 * one (the engine code itself stays in engines/local and engines/fal). The local engine is built
 * by `<key>/local-engine.ts`, which only engine threads load, with the models' code.
 */
export type TToolEngines<T extends TJobTool> = {
  /** What the local engine says of itself beside its name ('preview', 'generative'). */
  localTraits: TEngineTraits[T];
  fal?: (kit: THostedEngineKit) => TEngines[T];
};

/** How a tool's local engine is built (`apps/server/src/tools/<key>/local-engine.ts`). */
export type TLocalEngine<T extends TJobTool> = (kit: TLocalEngineKit) => TEngines[T];
