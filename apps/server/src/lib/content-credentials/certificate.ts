/**
 * A development signing chain for Content Credentials: a small root CA and an ES256 (P-256)
 * leaf it issues, written with `node:crypto` and the DER encoders beside this file.
 *
 * The leaf follows the certificate rules C2PA readers check
 * (docs/decisions/0052-content-credentials.md, 'Certificates'): X.509 v3, ecdsa-with-SHA256, not
 * a CA, a critical KeyUsage with digitalSignature only, an ExtendedKeyUsage of documentSigning and
 * emailProtection (never anyExtendedKeyUsage), and an AuthorityKeyIdentifier. The signer must be
 * an end entity (a CA certificate is refused, self-signed or not), so a small root issues
 * it, as a real CA would. Nothing trusts that root, so readers report the signature as
 * `signingCredential.untrusted`; one given the root as a trust anchor finds it trusted.
 * Production uses a certificate from a CA on the C2PA trust list.
 */
import {
  X509Certificate,
  createHash,
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  randomBytes,
  sign,
} from 'node:crypto';
import type { KeyObject } from 'node:crypto';
import {
  bitString,
  booleanTrue,
  explicit,
  implicitPrimitive,
  namedBits,
  objectIdentifier,
  octetString,
  sequence,
  set,
  smallInteger,
  time,
  unsignedInteger,
  utf8String,
} from './der';

const OID = {
  ecdsaWithSha256: '1.2.840.10045.4.3.2',
  commonName: '2.5.4.3',
  organization: '2.5.4.10',
  subjectKeyIdentifier: '2.5.29.14',
  keyUsage: '2.5.29.15',
  basicConstraints: '2.5.29.19',
  extendedKeyUsage: '2.5.29.37',
  authorityKeyIdentifier: '2.5.29.35',
  emailProtection: '1.3.6.1.5.5.7.3.4',
  documentSigning: '1.3.6.1.5.5.7.3.36',
} as const;

/** KeyUsage bit numbers: 0 signs data, 5 signs certificates, 6 signs revocation lists. */
const DIGITAL_SIGNATURE = 0;
const KEY_CERT_SIGN = 5;
const CRL_SIGN = 6;

const DAY_MS = 24 * 60 * 60 * 1000;

export type TSigningCertificate = {
  /** The leaf first, then its issuers, as PEM `CERTIFICATE` blocks. */
  certificateChainPem: string;
  /** The leaf's private key, PKCS #8 PEM. */
  privateKeyPem: string;
};

function name(commonName: string): Buffer {
  const attribute = (oid: string, value: string) =>
    set(sequence(objectIdentifier(oid), utf8String(value)));
  return sequence(
    attribute(OID.organization, 'Muse development'),
    attribute(OID.commonName, commonName),
  );
}

function extension(oid: string, critical: boolean, value: Buffer): Buffer {
  return sequence(objectIdentifier(oid), ...(critical ? [booleanTrue()] : []), octetString(value));
}

/** A key's identifier: the SHA-1 of its public key bits, the usual way to make one. */
function keyIdentifier(publicKey: KeyObject): Buffer {
  const spki = publicKey.export({ type: 'spki', format: 'der' });
  // The EC point is the last 65 bytes of a P-256 SubjectPublicKeyInfo.
  return createHash('sha1')
    .update(spki.subarray(spki.length - 65))
    .digest();
}

function certificate(options: {
  subject: string;
  issuer: string;
  publicKey: KeyObject;
  issuerPublicKey: KeyObject;
  issuerPrivateKey: KeyObject;
  ca: boolean;
  notBefore: Date;
  notAfter: Date;
}): Buffer {
  const algorithm = sequence(objectIdentifier(OID.ecdsaWithSha256));
  const keyUsage = options.ca ? [KEY_CERT_SIGN, CRL_SIGN] : [DIGITAL_SIGNATURE];
  const extensions = [
    extension(
      OID.basicConstraints,
      true,
      options.ca ? sequence(booleanTrue(), smallInteger(0)) : sequence(),
    ),
    extension(OID.keyUsage, true, namedBits(keyUsage)),
    ...(options.ca
      ? []
      : [
          extension(
            OID.extendedKeyUsage,
            false,
            sequence(objectIdentifier(OID.documentSigning), objectIdentifier(OID.emailProtection)),
          ),
        ]),
    extension(OID.subjectKeyIdentifier, false, octetString(keyIdentifier(options.publicKey))),
    extension(
      OID.authorityKeyIdentifier,
      false,
      sequence(implicitPrimitive(0, keyIdentifier(options.issuerPublicKey))),
    ),
  ];
  const serial = randomBytes(16);
  serial[0]! &= 0x7f;
  const tbs = sequence(
    explicit(0, smallInteger(2)), // v3
    unsignedInteger(serial),
    algorithm,
    name(options.issuer),
    sequence(time(options.notBefore), time(options.notAfter)),
    name(options.subject),
    options.publicKey.export({ type: 'spki', format: 'der' }),
    explicit(3, sequence(...extensions)),
  );
  // X.509 carries ECDSA signatures DER-encoded (node's default `dsaEncoding`).
  const signature = sign('sha256', tbs, options.issuerPrivateKey);
  return sequence(tbs, algorithm, bitString(signature));
}

function pem(der: Buffer): string {
  const lines = der.toString('base64').match(/.{1,64}/g) ?? [];
  return `-----BEGIN CERTIFICATE-----\n${lines.join('\n')}\n-----END CERTIFICATE-----\n`;
}

/**
 * A new development chain: a root CA and an ES256 leaf, valid from a day ago for ten years.
 * Each call makes new keys.
 */
export function createDevelopmentCertificate(now = new Date()): TSigningCertificate {
  const root = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const leaf = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const notBefore = new Date(now.getTime() - DAY_MS);
  const rootCertificate = certificate({
    subject: 'Muse development root CA',
    issuer: 'Muse development root CA',
    publicKey: root.publicKey,
    issuerPublicKey: root.publicKey,
    issuerPrivateKey: root.privateKey,
    ca: true,
    notBefore,
    notAfter: new Date(now.getTime() + 20 * 365 * DAY_MS),
  });
  const leafCertificate = certificate({
    subject: 'Muse development Content Credentials',
    issuer: 'Muse development root CA',
    publicKey: leaf.publicKey,
    issuerPublicKey: root.publicKey,
    issuerPrivateKey: root.privateKey,
    ca: false,
    notBefore,
    notAfter: new Date(now.getTime() + 10 * 365 * DAY_MS),
  });
  return {
    certificateChainPem: pem(leafCertificate) + pem(rootCertificate),
    privateKeyPem: leaf.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
  };
}

/** The DER certificates of a PEM chain, in order. */
export function certificatesOfPem(chainPem: string): Buffer[] {
  const blocks = chainPem.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g);
  return (blocks ?? []).map((block) =>
    Buffer.from(block.replace(/-----(BEGIN|END) CERTIFICATE-----|\s/g, ''), 'base64'),
  );
}

/**
 * Why `chain` cannot sign with `privateKeyPem` now, or null when it can: it holds a
 * certificate, the first one is within its validity period and the key is that certificate's.
 */
export function signingCertificateProblem(
  chainPem: string,
  privateKeyPem: string,
  now = new Date(),
): string | null {
  const leafDer = certificatesOfPem(chainPem)[0];
  if (!leafDer) return 'the certificate chain holds no certificate';
  const leaf = new X509Certificate(leafDer);
  if (new Date(leaf.validFrom) > now || new Date(leaf.validTo) <= now) {
    return `the signing certificate is valid only from ${leaf.validFrom} to ${leaf.validTo}`;
  }
  const certified = leaf.publicKey.export({ type: 'spki', format: 'der' });
  const own = createPublicKey(createPrivateKey(privateKeyPem)).export({
    type: 'spki',
    format: 'der',
  });
  return certified.equals(own) ? null : "the private key is not the signing certificate's";
}
