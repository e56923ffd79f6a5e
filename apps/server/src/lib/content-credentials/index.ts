/**
 * Content Credentials: signed C2PA manifests on every picture and clip Muse makes.
 *
 * - `loadContentCredentials(config, version)` at start-up: the signer from C2PA_CERT_CHAIN and
 *   C2PA_PRIVATE_KEY (required in production), else a development chain kept in DATA_DIR.
 * - `credentials.sign({ data, contentType, action, engine, model, parent })` → the same bytes
 *   with the manifest embedded (JPEG, PNG, WebP, MP4).
 * - `credentials.read(data, contentType)` → a summary (null when there is none).
 *
 * The WebAssembly build of c2pa-rs behind it loads once per process, on the first call.
 */
export { createDevelopmentCertificate } from './certificate';
export type { TSigningCertificate } from './certificate';
export {
  createContentCredentials,
  DIGITAL_SOURCE_TYPE,
  UNREADABLE,
  UNTRUSTED,
} from './credentials';
export type {
  TContentCredentials,
  TContentCredentialsOptions,
  TCredentialsSummary,
  TManifestStore,
  TSignInput,
  TSignableType,
} from './credentials';
export { loadContentCredentials, developmentCertificateDir } from './load';
export type { TContentCredentialsConfig } from './load';
