import type { TConfig } from './config';
import { createEngines, type TEngines } from './engines';
import { createFalConnection } from './engines/fal/client';
import { createFalTrainingEngine } from './engines/fal/train-persona';
import { createFaceAnalyser, type TFaceAnalyser } from './engines/faces';
import { createLocalTrainingEngine } from './engines/local/train-persona';
import { createTextEngine, type TTextEngine } from './engines/text';
import { createSafetyChecker, type TSafetyChecker } from './engines/safety';
import type { TTrainingEngine } from './engines/training';
import { loadContentCredentials, type TContentCredentials } from './lib/content-credentials';
import { createStorage } from './lib/create-storage';
import {
  createFileUrlSigner,
  loadDataDirSecret,
  loadFileUrlSecret,
  type TFileUrlSigner,
} from './lib/file-urls';
import { createSecretBox, type TSecretBox } from './lib/secret-box';
import { APP_VERSION } from './lib/paths';
import type { TStorage } from './lib/storage';
import type { TSlotGrant } from './modules/billing/subscriptions';
import type { TToolRegistry } from './modules/jobs/tool';
import { SERVER_TOOLS } from './tools';
import {
  createLocalPersonaWriter,
  type TPersonaWriter,
} from './modules/influencers/persona-writer';
import { grantPromotingDraft } from './modules/onboarding/service';
import { createPublishers, type TPublishers } from './modules/platforms/publishers';

/**
 * What the server and the job worker share, built once per process: the routes read it as
 * `app.services`, the worker runs jobs with it. Whoever creates it stops it.
 */
export type TServices = {
  /** Where users' files live: local disk under DATA_DIR/files, or S3. */
  storage: TStorage;
  /** Signs the expiring URLs that serve users' files. */
  files: TFileUrlSigner;
  /** Encrypts the secrets Muse keeps to use again (webhook signing secrets). */
  secrets: TSecretBox;
  /** The AI engine of each tool. */
  engines: TEngines;
  /** The platforms this Muse publishes to (those with app credentials). */
  publishers: TPublishers;
  /** Muse's own address (PUBLIC_URL): links platforms fetch and fans follow. */
  publicUrl: string;
  /** Trains personas: offline (reference set only) or on fal (a FLUX LoRA). */
  training: TTrainingEngine;
  /** Measures persona photos and finds faces for identity scores, in a thread of its own. */
  faces: TFaceAnalyser;
  /** The offline safety check every output passes before it is shown (nsfwjs). */
  safety: TSafetyChecker;
  /** Signs the Content Credentials (C2PA manifest) into every picture and clip a tool makes. */
  credentials: TContentCredentials;
  /**
   * The credentials are signed with the development certificate kept in DATA_DIR (no
   * C2PA_CERT_CHAIN and C2PA_PRIVATE_KEY): readers report them as untrusted.
   */
  developmentCredentials: boolean;
  /** Writes influencer personas for the onboarding and claims (Muse's templates). */
  personaWriter: TPersonaWriter;
  /** Writes drafts in a persona's words (ENGINE_TEXT): captions, bios, prompts, voice profiles. */
  text: TTextEngine;
  /**
   * A plan's grant of influencer slots, in one transaction with the onboarding's waiting persona
   * becoming an influencer in one of them (billing calls it; the onboarding does the work).
   */
  grantSlots: TSlotGrant;
  /** How each tool, and persona training, is queued and run (apps/server/src/tools). */
  tools: TToolRegistry;
  /** Stops what runs in the background (the engine threads, once a job has started them). */
  stop: () => Promise<void>;
};

/** Tests replace a service with one of their own (a temporary storage, fast engines). */
export type TServiceOverrides = Partial<
  Pick<
    TServices,
    | 'storage'
    | 'engines'
    | 'personaWriter'
    | 'text'
    | 'training'
    | 'faces'
    | 'safety'
    | 'credentials'
  >
>;

/** The training engine ENGINE_TRAIN_PERSONA chooses. */
export function createTrainingEngine(
  config: Pick<TConfig, 'ENGINE_TRAIN_PERSONA' | 'FAL_KEY' | 'FAL_API_URL'>,
): TTrainingEngine {
  if (config.ENGINE_TRAIN_PERSONA === 'local') return createLocalTrainingEngine();
  // loadConfig refuses fal without a key.
  const key = config.FAL_KEY ?? '';
  return createFalTrainingEngine(
    createFalConnection({ key, ...(config.FAL_API_URL ? { apiUrl: config.FAL_API_URL } : {}) }),
  );
}

/** The grant of slots billing calls, with the onboarding's promotion of its waiting persona. */
export const slotGrant =
  (deps: Pick<TServices, 'storage' | 'files' | 'personaWriter' | 'faces'>): TSlotGrant =>
  (db, userId, grant) =>
    grantPromotingDraft({ db, ...deps }, userId, grant);

export async function createServices(
  config: TConfig,
  overrides: TServiceOverrides = {},
): Promise<TServices> {
  const secret = await loadFileUrlSecret(config.FILE_URL_SECRET, config.DATA_DIR);
  const storage = overrides.storage ?? createStorage(config);
  const engines = overrides.engines ?? createEngines(config, { storage });
  const faces = overrides.faces ?? createFaceAnalyser();
  const safety = overrides.safety ?? createSafetyChecker();
  const files = createFileUrlSigner(secret);
  const secrets = createSecretBox(
    config.ENCRYPTION_KEY ?? (await loadDataDirSecret(config.DATA_DIR, 'encryption.key')),
  );
  const personaWriter = overrides.personaWriter ?? createLocalPersonaWriter();
  const signer = overrides.credentials
    ? { credentials: overrides.credentials, development: false }
    : await loadContentCredentials(config, APP_VERSION);
  return {
    storage,
    files,
    secrets,
    engines,
    publishers: createPublishers(config),
    publicUrl: config.PUBLIC_URL,
    training: overrides.training ?? createTrainingEngine(config),
    faces,
    safety,
    credentials: signer.credentials,
    developmentCredentials: signer.development,
    personaWriter,
    text: overrides.text ?? createTextEngine(config),
    grantSlots: slotGrant({ storage, files, personaWriter, faces }),
    tools: SERVER_TOOLS,
    stop: async () => {
      if ('stop' in engines && typeof engines.stop === 'function') await engines.stop();
      await faces.stop();
      await safety.stop();
    },
  };
}
