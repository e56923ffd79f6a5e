/**
 * Content Credentials (C2PA manifests) on what Muse makes: `sign` embeds a signed manifest
 * saying the picture or clip was made (or edited) by AI through Muse, keeping the manifest chain
 * of the file it came from; `read` verifies one and sums it up.
 *
 * What the manifest holds, and nothing else (no account, user, prompt or persona):
 * - claim generator `Muse <version>`;
 * - a `c2pa.actions.v2` assertion: `c2pa.created` with digital source type
 *   `trainedAlgorithmicMedia`, or `c2pa.opened` (the parent) then `c2pa.edited` with
 *   `compositeWithTrainedAlgorithmicMedia`; each action's `softwareAgent` is Muse, its `when` the
 *   signing time, and the main action's `parameters` name the engine and model under
 *   `com.muse.engine` / `com.muse.model` (C2PA 2.x allows further keys in an action's parameters);
 * - the parent as an ingredient: `parentOf` for an edit, `inputTo` for something created from it
 *   (say a clip from a picture). Its manifest store, if it has one, is copied in whole, so an
 *   upscale of an edit of a creation carries all three manifests.
 *
 * No trusted time-stamp is requested (that needs a time-stamp authority on the network), so
 * `signedAt` is the main action's `when`.
 */
import { createPrivateKey } from 'node:crypto';
import { certificatesOfPem, signingCertificateProblem } from './certificate';
import { coseSign1, reserveSizeFor, signingAlgorithm } from './cose';
import { bytesBlob, c2pa } from './wasm';
import { withDigitalSourceTypeXmp } from './xmp';

export const DIGITAL_SOURCE_TYPE = {
  trainedAlgorithmicMedia: 'http://cv.iptc.org/newscodes/digitalsourcetype/trainedAlgorithmicMedia',
  compositeWithTrainedAlgorithmicMedia:
    'http://cv.iptc.org/newscodes/digitalsourcetype/compositeWithTrainedAlgorithmicMedia',
} as const;

/** The validation code of a signature whose certificate chains to no trust anchor we hold. */
export const UNTRUSTED = 'signingCredential.untrusted';

const ENGINE_KEY = 'com.muse.engine';
const MODEL_KEY = 'com.muse.model';
const PARENT_LABEL = 'parent';

export type TSignableType = 'image/jpeg' | 'image/png' | 'image/webp' | 'video/mp4';

export type TSignInput = {
  data: Buffer;
  contentType: TSignableType;
  action: 'created' | 'edited';
  /** The engine that made it, e.g. 'fal' or 'local'. */
  engine: string;
  /** The engine's model, e.g. 'flux-dev'; null when it has none. */
  model: string | null;
  /** What it was made from: kept as an ingredient with its own manifest chain. */
  parent?: { data: Buffer; contentType: string } | null;
  /** The manifest's `dc:title`; none when left out. */
  title?: string;
};

export type TCredentialsSummary = {
  /**
   * The manifest is intact and its claim signature verifies: the validator reports
   * `claimSignature.validated` and no failure but `signingCredential.untrusted` (a certificate
   * chaining to no trust anchor we hold, as the development one). An ingredient's validity is its
   * own: a broken parent does not make this manifest invalid (see its summary in `ingredients`).
   */
  valid: boolean;
  /** The main action: the first one other than `c2pa.opened`, e.g. 'c2pa.created'. */
  action: string | null;
  digitalSourceType: string | null;
  /** 'Name version' of the main action's software agent, else of the claim generator. */
  softwareAgent: string | null;
  engine: string | null;
  model: string | null;
  /** ISO time: the signature's trusted time-stamp if it has one, else the main action's `when`. */
  signedAt: string | null;
  /** The ingredients' own manifests (parents first), summed up the same way. */
  ingredients: TCredentialsSummary[];
  /**
   * The failure codes the validator reported, e.g. ['signingCredential.untrusted'] or
   * ['signingCredential.untrusted', 'assertion.dataHash.mismatch']; `manifest.unreadable` when
   * the manifest could not be decoded at all.
   */
  validationStatuses: string[];
};

export type TContentCredentials = {
  /** `input.data` with a signed manifest embedded; the picture or clip itself is untouched. */
  sign(input: TSignInput): Promise<Buffer>;
  /** The file's Content Credentials summed up; null when it has none. */
  read(data: Buffer, contentType: string): Promise<TCredentialsSummary | null>;
  /** The reader's whole manifest-store report, for diagnostics and tests; null when none. */
  readManifestStore(data: Buffer, contentType: string): Promise<TManifestStore | null>;
};

export type TContentCredentialsOptions = {
  /** PEM certificates, the signing certificate first, then its intermediates. */
  certificateChainPem: string;
  /** The signing certificate's private key, PEM (PKCS #8 or SEC 1). */
  privateKeyPem: string;
  softwareAgent: { name: 'Muse'; version: string };
  /**
   * PEM root certificates `read` trusts (say the C2PA trust list). Without them every signature
   * reads as `signingCredential.untrusted`, which `valid` lets pass.
   */
  trustAnchorsPem?: string;
};

/** c2pa-rs settings: network off (no remote manifests, no OCSP), and the trust anchors. */
function settingsJson(trustAnchorsPem: string | undefined): string {
  return JSON.stringify({
    verify: { remote_manifest_fetch: false, ocsp_fetch: false },
    ...(trustAnchorsPem ? { trust: { trust_anchors: trustAnchorsPem } } : {}),
  });
}

type TStatus = { code: string; explanation?: string; url?: string };
type TResults = { failure?: TStatus[]; success?: TStatus[]; informational?: TStatus[] };
type TAction = {
  action: string;
  digitalSourceType?: string;
  softwareAgent?: { name?: string; version?: string } | string;
  when?: string;
  parameters?: Record<string, unknown>;
};
type TIngredient = {
  active_manifest?: string;
  label?: string;
  relationship?: string;
  validation_results?: { activeManifest?: TResults };
  validation_status?: TStatus[];
};
type TManifest = {
  assertions?: { label: string; data?: { actions?: TAction[] } }[];
  claim_generator_info?: { name?: string; version?: string }[];
  ingredients?: TIngredient[];
  signature_info?: { time?: string };
};
export type TManifestStore = {
  active_manifest?: string;
  manifests?: Record<string, TManifest>;
  validation_results?: {
    activeManifest?: TResults;
    ingredientDeltas?: {
      ingredientAssertionURI?: string;
      validationDeltas?: TResults;
    }[];
  };
  validation_status?: TStatus[];
  validation_state?: string;
};

/** The c2pa-rs errors (`C2pa(Kind…)`) that mean "this file has no manifest". */
const NO_MANIFEST = new Set(['JumbfNotFound', 'ProvenanceMissing']);
/** …and those that mean the file itself could not be read (not a picture or clip it knows). */
const UNREADABLE_FILE = new Set(['UnsupportedType', 'InvalidAsset']);

/** The status of a manifest too broken to be read at all (a code of Muse's, not of C2PA). */
export const UNREADABLE = 'manifest.unreadable';

/** The validator's code for a claim signature that verifies. */
const SIGNATURE_VALIDATED = 'claimSignature.validated';

const errorKind = (error: unknown) => /^C2pa\((\w+)/.exec(String(error))?.[1];

export function createContentCredentials(options: TContentCredentialsOptions): TContentCredentials {
  const problem = signingCertificateProblem(options.certificateChainPem, options.privateKeyPem);
  if (problem) throw new Error(`Content Credentials cannot be signed: ${problem}.`);
  const certificates = certificatesOfPem(options.certificateChainPem);
  const privateKey = createPrivateKey(options.privateKeyPem);
  const algorithm = signingAlgorithm(privateKey);
  const reserveSize = reserveSizeFor(certificates);
  const signer = {
    reserveSize,
    alg: algorithm.name,
    sign: async (claim: Uint8Array) =>
      new Uint8Array(coseSign1({ claim, certificates, privateKey, algorithm, size: reserveSize })),
  };
  const agent = { name: options.softwareAgent.name, version: options.softwareAgent.version };
  const settings = settingsJson(options.trustAnchorsPem);

  async function readManifestStore(data: Buffer, contentType: string) {
    const { WasmReader } = await c2pa();
    let reader;
    try {
      reader = await WasmReader.fromBytes(contentType, data, settings);
    } catch (error) {
      if (NO_MANIFEST.has(errorKind(error) ?? '')) return null;
      throw error;
    }
    try {
      return JSON.parse(reader.json()) as TManifestStore;
    } finally {
      reader.free();
    }
  }

  return {
    async sign(input) {
      const { WasmBuilder } = await c2pa();
      const when = new Date().toISOString();
      const parent = input.parent ?? null;
      if (input.action === 'edited' && !parent) {
        // C2PA 2.x: an edit's manifest opens with `c2pa.opened` of its parent ingredient.
        throw new Error('Signing an edit needs the file it was edited from (parent).');
      }
      const parameters: Record<string, unknown> = {
        [ENGINE_KEY]: input.engine,
        ...(input.model === null ? {} : { [MODEL_KEY]: input.model }),
      };
      const actions: TAction[] =
        input.action === 'created'
          ? [
              {
                action: 'c2pa.created',
                digitalSourceType: DIGITAL_SOURCE_TYPE.trainedAlgorithmicMedia,
                softwareAgent: agent,
                when,
                parameters: parent ? { ...parameters, ingredientIds: [PARENT_LABEL] } : parameters,
              },
            ]
          : [
              {
                action: 'c2pa.opened',
                softwareAgent: agent,
                when,
                parameters: { ingredientIds: [PARENT_LABEL] },
              },
              {
                action: 'c2pa.edited',
                digitalSourceType: DIGITAL_SOURCE_TYPE.compositeWithTrainedAlgorithmicMedia,
                softwareAgent: agent,
                when,
                parameters,
              },
            ];
      const definition = {
        claim_generator_info: [agent],
        ...(input.title === undefined ? {} : { title: input.title }),
        format: input.contentType,
        assertions: [{ label: 'c2pa.actions.v2', data: { actions } }],
      };
      const builder = WasmBuilder.fromJson(JSON.stringify(definition), settings);
      try {
        if (parent) {
          const ingredient = {
            title: PARENT_LABEL,
            label: PARENT_LABEL,
            relationship: input.action === 'edited' ? 'parentOf' : 'inputTo',
          };
          await builder.addIngredientFromBlob(
            JSON.stringify(ingredient),
            parent.contentType,
            bytesBlob(parent.data),
          );
        }
        const main = actions[actions.length - 1]!;
        const data = withDigitalSourceTypeXmp(
          input.data,
          input.contentType,
          main.digitalSourceType ?? DIGITAL_SOURCE_TYPE.trainedAlgorithmicMedia,
        );
        const signed = await builder.sign(signer, [], input.contentType, bytesBlob(data));
        return Buffer.from(signed.buffer, signed.byteOffset, signed.byteLength);
      } finally {
        builder.free();
      }
    },

    async read(data, contentType) {
      let store;
      try {
        store = await readManifestStore(data, contentType);
      } catch (error) {
        const kind = errorKind(error);
        // A manifest is there but cannot be decoded (say a byte of its claim changed).
        if (kind && !UNREADABLE_FILE.has(kind)) return unreadableSummary();
        throw error;
      }
      if (!store?.active_manifest || !store.manifests) return null;
      const { verdict, deltas } = activeVerdict(store);
      return summarise(store, store.active_manifest, verdict, deltas);
    },

    readManifestStore,
  };
}

const codes = (statuses: TStatus[] = []) => [...new Set(statuses.map((status) => status.code))];

/** What the validator said of one manifest: its failure codes, and whether its signature verified. */
type TVerdict = { failures: string[]; signatureVerified: boolean };

/** From a validation result: without a list of successes (older reports), failures alone tell. */
function verdictOf(results: TResults | undefined, failures: TStatus[] | undefined): TVerdict {
  return {
    failures: codes(results ? results.failure : failures),
    signatureVerified: results?.success
      ? results.success.some((status) => status.code === SIGNATURE_VALIDATED)
      : true,
  };
}

/**
 * The verdict on the active manifest, and the failures the reader found now in each of its
 * ingredients (its `ingredientDeltas`, keyed by the ingredient assertion's URI).
 */
function activeVerdict(store: TManifestStore) {
  const results = store.validation_results;
  const deltas = new Map<string, string[]>();
  for (const delta of results?.ingredientDeltas ?? []) {
    if (delta.ingredientAssertionURI) {
      deltas.set(delta.ingredientAssertionURI, codes(delta.validationDeltas?.failure));
    }
  }
  const verdict = verdictOf(results?.activeManifest, store.validation_status);
  return { verdict, deltas };
}

function unreadableSummary(): TCredentialsSummary {
  return {
    valid: false,
    action: null,
    digitalSourceType: null,
    softwareAgent: null,
    engine: null,
    model: null,
    signedAt: null,
    ingredients: [],
    validationStatuses: [UNREADABLE],
  };
}

function agentName(agent: TAction['softwareAgent'] | undefined): string | null {
  if (!agent) return null;
  if (typeof agent === 'string') return agent;
  return [agent.name, agent.version].filter(Boolean).join(' ') || null;
}

const text = (value: unknown) => (typeof value === 'string' ? value : null);

/**
 * The summary of manifest `label`, on the validator's `verdict`. An ingredient's verdict is the
 * one recorded when it was added (its `validation_results`), plus, for the active manifest's own
 * ingredients, the failures the reader finds in them now.
 */
function summarise(
  store: TManifestStore,
  label: string,
  verdict: TVerdict,
  deltas: Map<string, string[]>,
  ancestors: string[] = [],
): TCredentialsSummary | null {
  const manifest = store.manifests?.[label];
  if (!manifest || ancestors.includes(label)) return null;
  const actions = (manifest.assertions ?? [])
    .filter((assertion) => /^c2pa\.actions(\.v\d+)?$/.test(assertion.label))
    .flatMap((assertion) => assertion.data?.actions ?? []);
  const main = actions.find((action) => action.action !== 'c2pa.opened') ?? actions[0];
  const generator = manifest.claim_generator_info?.[0];
  const ingredients = (manifest.ingredients ?? []).flatMap((ingredient) => {
    if (!ingredient.active_manifest) return [];
    const recorded = verdictOf(
      ingredient.validation_results?.activeManifest,
      ingredient.validation_status,
    );
    const now = deltas.get(`self#jumbf=/c2pa/${label}/c2pa.assertions/${ingredient.label}`) ?? [];
    const summary = summarise(
      store,
      ingredient.active_manifest,
      { ...recorded, failures: [...new Set([...recorded.failures, ...now])] },
      new Map(),
      [...ancestors, label],
    );
    return summary ? [summary] : [];
  });
  return {
    valid: verdict.signatureVerified && verdict.failures.every((code) => code === UNTRUSTED),
    action: main?.action ?? null,
    digitalSourceType: main?.digitalSourceType ?? null,
    softwareAgent: agentName(main?.softwareAgent) ?? agentName(generator),
    engine: text(main?.parameters?.[ENGINE_KEY]),
    model: text(main?.parameters?.[MODEL_KEY]),
    signedAt: manifest.signature_info?.time ?? main?.when ?? null,
    ingredients,
    validationStatuses: verdict.failures,
  };
}
