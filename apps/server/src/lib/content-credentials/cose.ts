/**
 * The claim signature of a C2PA manifest: a COSE_Sign1 structure that this module
 * builds itself, because `@contentauth/c2pa-wasm` 0.15 hands its JavaScript signer the claim's
 * CBOR bytes and expects the whole COSE structure back (its `WasmSigner` returns
 * `direct_cose_handling() == true` and no certificates: the signer definition has no field for a
 * chain). The library puts the result into a signature box of exactly `reserveSize` bytes
 * without checking it, so it must be right (docs/decisions/0052-content-credentials.md, 'The
 * library').
 *
 * - protected header: `alg` (1) and `x5chain` (33), the DER certificates leaf first (one
 *   certificate as a byte string, more as an array of them), as C2PA 2.x requires;
 * - payload: detached (`nil`); the signature is over the `Sig_structure`
 *   `["Signature1", protected, h'', claim]`;
 * - ECDSA signatures in IEEE P1363 form (r‖s, 64 bytes for ES256), not DER, which the library
 *   refuses;
 * - unprotected header: `pad`, a zero-filled byte string that brings the structure to exactly
 *   `reserveSize` bytes. No time-stamp (`sigTst2`): that
 *   would need a time-stamp authority on the network.
 */
import { sign as cryptoSign } from 'node:crypto';
import type { KeyObject } from 'node:crypto';
import { encodeCbor, head } from './cbor';

/** COSE `alg` values and the names the c2pa library's `SigningAlg` parses. */
const ALGORITHMS = {
  'P-256': { name: 'es256', cose: -7, hash: 'sha256' },
  'P-384': { name: 'es384', cose: -35, hash: 'sha384' },
  'P-521': { name: 'es512', cose: -36, hash: 'sha512' },
} as const;

export type TSigningAlgorithm = (typeof ALGORITHMS)[keyof typeof ALGORITHMS];

const COSE_SIGN1_TAG = 18;
const HEADER_ALG = 1;
const HEADER_X5CHAIN = 33;

/** The algorithm for an EC private key on a curve C2PA allows (P-256, P-384, P-521). */
export function signingAlgorithm(privateKey: KeyObject): TSigningAlgorithm {
  const curve = privateKey.asymmetricKeyDetails?.namedCurve;
  const byOid: Record<string, keyof typeof ALGORITHMS> = {
    prime256v1: 'P-256',
    secp384r1: 'P-384',
    secp521r1: 'P-521',
  };
  const named = curve ? (byOid[curve] ?? curve) : undefined;
  if (privateKey.asymmetricKeyType !== 'ec' || !named || !(named in ALGORITHMS)) {
    throw new Error(
      'The Content Credentials key must be an EC key on P-256, P-384 or P-521 (ES256/384/512).',
    );
  }
  return ALGORITHMS[named as keyof typeof ALGORITHMS];
}

/** Bytes to reserve for the signature box: the chain, the signature and room for headers. */
export function reserveSizeFor(certificates: Buffer[]): number {
  return certificates.reduce((total, der) => total + der.length, 0) + 1024;
}

/** The COSE_Sign1 over `claim`, padded to exactly `size` bytes. */
export function coseSign1(options: {
  claim: Uint8Array;
  certificates: Buffer[];
  privateKey: KeyObject;
  algorithm: TSigningAlgorithm;
  size: number;
}): Buffer {
  const { certificates, algorithm } = options;
  const protectedHeader = encodeCbor({
    map: [
      [HEADER_ALG, algorithm.cose],
      [HEADER_X5CHAIN, certificates.length === 1 ? certificates[0]! : certificates],
    ],
  });
  const toBeSigned = encodeCbor(['Signature1', protectedHeader, new Uint8Array(0), options.claim]);
  const signature = cryptoSign(algorithm.hash, toBeSigned, {
    key: options.privateKey,
    dsaEncoding: 'ieee-p1363',
  });
  const encode = (padding: number) =>
    encodeCbor({
      tag: COSE_SIGN1_TAG,
      value: [protectedHeader, { map: [['pad', new Uint8Array(padding)]] }, null, signature],
    });
  // The length with an empty pad, less the pad's one-byte head: add a head and its bytes.
  const fixed = encode(0).length - 1;
  for (const headLength of [1, 2, 3, 5]) {
    const padding = options.size - fixed - headLength;
    if (padding >= 0 && head(2, padding).length === headLength) {
      const cose = encode(padding);
      if (cose.length === options.size) return cose;
    }
  }
  throw new Error(`The COSE signature does not fit its ${options.size} reserved bytes.`);
}
