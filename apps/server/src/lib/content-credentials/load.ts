import { chmod, mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createDevelopmentCertificate, signingCertificateProblem } from './certificate';
import type { TSigningCertificate } from './certificate';
import { createContentCredentials } from './credentials';
import type { TContentCredentials } from './credentials';

export type TContentCredentialsConfig = {
  isProduction: boolean;
  /** PEM: the signing certificate, then its intermediates (production). */
  C2PA_CERT_CHAIN?: string;
  /** PEM: the signing certificate's private key (production). */
  C2PA_PRIVATE_KEY?: string;
  DATA_DIR: string;
};

/** Where a development machine keeps its generated chain: `DATA_DIR/secrets/c2pa/`. */
export function developmentCertificateDir(dataDir: string): string {
  return path.join(dataDir, 'secrets', 'c2pa');
}

/**
 * The signer Muse runs with. In production both variables are required: a certificate from a
 * CA whose roots C2PA validators trust. Elsewhere they may be set too; when they are not, a
 * development chain is made once under `DATA_DIR/secrets/c2pa/` (files readable only by Muse,
 * as `loadDataDirSecret` keeps its secrets) and reused, so what a machine signed keeps one
 * signer across restarts. `development` says which of the two it is.
 */
export async function loadContentCredentials(
  config: TContentCredentialsConfig,
  version: string,
): Promise<{ credentials: TContentCredentials; development: boolean }> {
  const chain = config.C2PA_CERT_CHAIN?.trim();
  const key = config.C2PA_PRIVATE_KEY?.trim();
  const softwareAgent = { name: 'Muse', version } as const;
  if (chain && key) {
    return {
      credentials: createContentCredentials({
        certificateChainPem: chain,
        privateKeyPem: key,
        softwareAgent,
      }),
      development: false,
    };
  }
  if (config.isProduction || chain || key) {
    const missing = [!chain && 'C2PA_CERT_CHAIN', !key && 'C2PA_PRIVATE_KEY'].filter(Boolean);
    throw new Error(
      `Content Credentials need ${missing.join(' and ')}: set C2PA_CERT_CHAIN (PEM certificate chain, signing certificate first) and C2PA_PRIVATE_KEY (its PEM private key)${config.isProduction ? ' in production' : ', or neither to use a development certificate'}.`,
    );
  }
  const certificate = await loadDevelopmentCertificate(config.DATA_DIR);
  return {
    credentials: createContentCredentials({ ...certificate, softwareAgent }),
    development: true,
  };
}

const CHAIN_FILE = 'chain.pem';
const KEY_FILE = 'key.pem';

/** The development chain under `DATA_DIR/secrets/c2pa/`, made on first use. */
export async function loadDevelopmentCertificate(dataDir: string): Promise<TSigningCertificate> {
  const dir = developmentCertificateDir(dataDir);
  const [certificateChainPem, privateKeyPem] = await Promise.all(
    [CHAIN_FILE, KEY_FILE].map((name) => readFile(path.join(dir, name), 'utf8').catch(() => '')),
  );
  if (certificateChainPem && privateKeyPem && usable(certificateChainPem, privateKeyPem)) {
    return { certificateChainPem, privateKeyPem };
  }
  const made = createDevelopmentCertificate();
  await mkdir(dir, { recursive: true, mode: 0o700 });
  // Each file is written whole (aside, then renamed). Two processes starting at once on a new
  // DATA_DIR may each make a pair and leave one's key beside the other's chain: each signs with
  // its own pair meanwhile, and the next start sees the mismatch and makes a new one.
  for (const [name, content] of [
    [KEY_FILE, made.privateKeyPem],
    [CHAIN_FILE, made.certificateChainPem],
  ] as const) {
    const file = path.join(dir, name);
    const partial = `${file}.${process.pid}.tmp`;
    await writeFile(partial, content, { mode: 0o600 });
    await chmod(partial, 0o600);
    await rename(partial, file);
  }
  return made;
}

function usable(chainPem: string, keyPem: string): boolean {
  try {
    // A day's margin, so a chain is not taken up just before it runs out.
    return signingCertificateProblem(chainPem, keyPem, new Date(Date.now() + DAY_MS)) === null;
  } catch {
    return false; // unreadable PEM
  }
}

const DAY_MS = 24 * 60 * 60 * 1000;
