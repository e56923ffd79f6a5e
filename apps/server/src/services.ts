import type { TConfig } from './config';
import { createEngines, type TEngines } from './engines';
import { createStorage } from './lib/create-storage';
import { createFileUrlSigner, loadFileUrlSecret, type TFileUrlSigner } from './lib/file-urls';
import type { TStorage } from './lib/storage';
import {
  createLocalPersonaWriter,
  type TPersonaWriter,
} from './modules/influencers/persona-writer';

/**
 * What the server and the job worker share, built once per process: the routes read it as
 * `app.services`, the worker runs jobs with it. Whoever creates it stops it.
 */
export type TServices = {
  /** Where users' files live: local disk under DATA_DIR/files, or S3. */
  storage: TStorage;
  /** Signs the expiring URLs that serve users' files. */
  files: TFileUrlSigner;
  /** The AI engine of each tool. */
  engines: TEngines;
  /** Writes influencer personas ('Generate with AI', onboarding, claims). */
  personaWriter: TPersonaWriter;
  /** Stops what runs in the background (the engine threads, once a job has started them). */
  stop: () => Promise<void>;
};

/** Tests replace a service with one of their own (a temporary storage, fast engines). */
export type TServiceOverrides = Partial<Pick<TServices, 'storage' | 'engines' | 'personaWriter'>>;

export async function createServices(
  config: TConfig,
  overrides: TServiceOverrides = {},
): Promise<TServices> {
  const secret = await loadFileUrlSecret(config.FILE_URL_SECRET, config.DATA_DIR);
  const engines = overrides.engines ?? createEngines(config);
  return {
    storage: overrides.storage ?? createStorage(config),
    files: createFileUrlSigner(secret),
    engines,
    personaWriter: overrides.personaWriter ?? createLocalPersonaWriter(),
    stop: async () => {
      if ('stop' in engines && typeof engines.stop === 'function') await engines.stop();
    },
  };
}
