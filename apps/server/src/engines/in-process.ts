import { toolRecord } from '@muse/shared';
import { LOCAL_ENGINES } from '../tools/local-engines';
import { createLocalImageAnalyser } from './local/analyse';
import type { TEngineChoice, TEngines } from './types';

/**
 * The engines themselves, running in the calling thread. The job worker reaches them through
 * engine threads (`createEngines`); benchmarks and the engine threads use this directly.
 */
export function createInProcessEngines(choice: TEngineChoice): TEngines {
  // The engine threads run the local engines; hosted ones run on the main thread (index.ts).
  const kit = { choice, analyser: createLocalImageAnalyser() };
  // Each tool's glue builds that tool's engine: the record holds, per key, that key's engine.
  return toolRecord((tool) => LOCAL_ENGINES[tool](kit)) as TEngines;
}
