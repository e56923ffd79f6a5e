import { X509Certificate } from 'node:crypto';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp, { type Sharp } from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { probeVideo, runBinary, withTempDir } from '../src/engines/local/video/ffmpeg';
import {
  DIGITAL_SOURCE_TYPE,
  UNREADABLE,
  UNTRUSTED,
  createContentCredentials,
  createDevelopmentCertificate,
  developmentCertificateDir,
  loadContentCredentials,
  type TContentCredentials,
  type TCredentialsSummary,
  type TSignInput,
} from '../src/lib/content-credentials';

const VERSION = '1.2.3';

/** A photo-like 1024×768 JPEG: gradients and noise, so it has real entropy-coded data. */
async function makeJpeg(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1024" height="768">
    <defs><linearGradient id="g"><stop offset="0" stop-color="#f0a"/><stop offset="1" stop-color="#0af"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/><circle cx="50%" cy="50%" r="30%" fill="#fc0"/></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
}

/** A 2 s 320×240 H.264 MP4 from ffmpeg's test pattern, made with the ffmpeg Muse ships. */
function makeMp4(): Promise<Buffer> {
  return withTempDir(async (dir) => {
    const clip = path.join(dir, 'clip.mp4');
    await runBinary('ffmpeg', [
      '-v',
      'error',
      '-f',
      'lavfi',
      '-i',
      'testsrc=size=320x240:rate=25:duration=2',
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      '-pix_fmt',
      'yuv420p',
      '-movflags',
      '+faststart',
      '-y',
      clip,
    ]);
    return readFile(clip);
  });
}

/** Where a JPEG's entropy-coded data starts: just past its (first) start-of-scan header. */
function scanDataOffset(jpeg: Buffer): number {
  for (let offset = 2; offset + 4 <= jpeg.length;) {
    const marker = jpeg[offset + 1];
    const size = jpeg.readUInt16BE(offset + 2);
    if (marker === 0xda) return offset + 2 + size;
    offset += 2 + size;
  }
  throw new Error('no start of scan');
}

let credentials: TContentCredentials;
let jpeg: Buffer;
let created: Buffer;
let createdSummary: TCredentialsSummary;

beforeAll(async () => {
  credentials = createContentCredentials({
    ...createDevelopmentCertificate(),
    softwareAgent: { name: 'Muse', version: VERSION },
  });
  jpeg = await makeJpeg();
  created = await credentials.sign({
    data: jpeg,
    contentType: 'image/jpeg',
    action: 'created',
    engine: 'fal',
    model: 'flux-dev',
  });
  createdSummary = (await credentials.read(created, 'image/jpeg'))!;
});

describe('signing a made picture', () => {
  it('reads back as AI-created by Muse with its engine and model, and nothing before it', () => {
    expect(createdSummary).toEqual({
      valid: true,
      action: 'c2pa.created',
      digitalSourceType: DIGITAL_SOURCE_TYPE.trainedAlgorithmicMedia,
      softwareAgent: `Muse ${VERSION}`,
      engine: 'fal',
      model: 'flux-dev',
      signedAt: expect.any(String),
      ingredients: [],
      // The development root is in no trust list: the one status let pass.
      validationStatuses: [UNTRUSTED],
    });
    expect(Date.now() - Date.parse(createdSummary.signedAt!)).toBeLessThan(60_000);
  });

  it('leaves the picture as it was: same size, same pixels', async () => {
    const before = await sharp(jpeg).raw().toBuffer({ resolveWithObject: true });
    const after = await sharp(created).raw().toBuffer({ resolveWithObject: true });
    expect(after.info).toMatchObject({ width: 1024, height: 768 });
    expect(after.info).toEqual(before.info);
    expect(after.data.equals(before.data)).toBe(true);
  });

  it('writes the IPTC digital source type into XMP as well, under the signature', async () => {
    const { xmp } = await sharp(created).metadata();
    expect(xmp?.toString('utf8')).toContain(
      `<Iptc4xmpExt:DigitalSourceType>${DIGITAL_SOURCE_TYPE.trainedAlgorithmicMedia}</Iptc4xmpExt:DigitalSourceType>`,
    );
  });

  it('says when the picture was changed after signing', async () => {
    const tampered = Buffer.from(created);
    const at = scanDataOffset(tampered) + 1000;
    tampered[at] = tampered[at]! ^ 0x10;
    const summary = await credentials.read(tampered, 'image/jpeg');
    expect(summary?.valid).toBe(false);
    expect(summary?.validationStatuses).toContain('assertion.dataHash.mismatch');
  });

  it('says when the manifest itself was changed', async () => {
    const claim = created.indexOf('claim_generator_info', 0, 'latin1');
    expect(claim).toBeGreaterThan(0);
    // Another version of Muse claimed: the claim still decodes, but its signature does not match.
    const changed = Buffer.from(created);
    changed.write('9.9.9', changed.indexOf(VERSION, claim, 'latin1'), 'latin1');
    const summary = await credentials.read(changed, 'image/jpeg');
    expect(summary?.valid).toBe(false);
    expect(summary?.validationStatuses).toContain('claimSignature.mismatch');
    // Not UTF-8 any more: the claim cannot be decoded at all.
    const broken = Buffer.from(created);
    broken[claim] = 0xff;
    expect(await credentials.read(broken, 'image/jpeg')).toMatchObject({
      valid: false,
      action: null,
      validationStatuses: [UNREADABLE],
    });
  });

  it('finds nothing in a file that has no credentials', async () => {
    expect(await credentials.read(jpeg, 'image/jpeg')).toBeNull();
    expect(await credentials.read(await sharp(jpeg).png().toBuffer(), 'image/png')).toBeNull();
  });
});

describe('signing edits', () => {
  let upscaled: Buffer;
  let upscaledSummary: TCredentialsSummary;

  beforeAll(async () => {
    const bigger = await sharp(created).resize(2048, 1536).jpeg().toBuffer();
    upscaled = await credentials.sign({
      data: bigger,
      contentType: 'image/jpeg',
      action: 'edited',
      engine: 'local',
      model: 'esrgan-medium',
      parent: { data: created, contentType: 'image/jpeg' },
    });
    upscaledSummary = (await credentials.read(upscaled, 'image/jpeg'))!;
  });

  it('keeps the picture it was made from, with that picture’s own credentials', () => {
    expect(upscaledSummary).toMatchObject({
      valid: true,
      action: 'c2pa.edited',
      digitalSourceType: DIGITAL_SOURCE_TYPE.compositeWithTrainedAlgorithmicMedia,
      softwareAgent: `Muse ${VERSION}`,
      engine: 'local',
      model: 'esrgan-medium',
      validationStatuses: [UNTRUSTED],
    });
    expect(upscaledSummary.ingredients).toEqual([createdSummary]);
  });

  it('keeps the whole chain through an edit of the edit', async () => {
    const cropped = await sharp(upscaled).extract({ left: 0, top: 0, width: 1024, height: 1024 });
    const edited = await credentials.sign({
      data: await cropped.jpeg().toBuffer(),
      contentType: 'image/jpeg',
      action: 'edited',
      engine: 'fal',
      model: null,
      parent: { data: upscaled, contentType: 'image/jpeg' },
    });
    const summary = await credentials.read(edited, 'image/jpeg');
    expect(summary).toMatchObject({
      valid: true,
      action: 'c2pa.edited',
      engine: 'fal',
      model: null,
    });
    expect(summary?.ingredients).toEqual([upscaledSummary]);
    expect(summary?.ingredients[0]?.ingredients).toEqual([createdSummary]);
  });

  it('refuses an edit without the file it was edited from', async () => {
    await expect(
      credentials.sign({
        data: jpeg,
        contentType: 'image/jpeg',
        action: 'edited',
        engine: 'fal',
        model: null,
      }),
    ).rejects.toThrow(/parent/);
  });
});

describe('other formats', () => {
  it.each([
    ['image/png', (image: Sharp) => image.png()],
    ['image/webp', (image: Sharp) => image.webp()],
  ] as const)('signs and reads %s', async (contentType, encode) => {
    const data = await encode(sharp(jpeg).resize(512, 384)).toBuffer();
    const signed = await credentials.sign({
      data,
      contentType,
      action: 'created',
      engine: 'fal',
      model: 'flux-dev',
    });
    expect(await credentials.read(signed, contentType)).toMatchObject({
      valid: true,
      action: 'c2pa.created',
      engine: 'fal',
    });
    const before = await sharp(data).raw().toBuffer();
    const after = await sharp(signed).raw().toBuffer();
    expect(after.equals(before)).toBe(true);
    // XMP is added to PNG (an iTXt chunk) but not to WebP (see xmp.ts).
    const { xmp } = await sharp(signed).metadata();
    expect(Boolean(xmp?.toString('utf8').includes('DigitalSourceType'))).toBe(
      contentType === 'image/png',
    );
  });

  it('signs and reads an MP4, made from a signed picture, which still plays', async () => {
    const clip = await makeMp4();
    expect(await credentials.read(clip, 'video/mp4')).toBeNull();
    const signed = await credentials.sign({
      data: clip,
      contentType: 'video/mp4',
      action: 'created',
      engine: 'fal',
      model: 'kling',
      parent: { data: created, contentType: 'image/jpeg' },
    });
    const summary = await credentials.read(signed, 'video/mp4');
    expect(summary).toMatchObject({
      valid: true,
      action: 'c2pa.created',
      digitalSourceType: DIGITAL_SOURCE_TYPE.trainedAlgorithmicMedia,
      engine: 'fal',
      model: 'kling',
      validationStatuses: [UNTRUSTED],
    });
    // The picture it was made from is kept (as an `inputTo` ingredient).
    expect(summary?.ingredients).toEqual([createdSummary]);
    const probe = await probeVideo(signed);
    expect(probe).toMatchObject({ width: 320, height: 240, videoCodec: 'h264' });
    expect(probe?.durationSeconds).toBeCloseTo(2, 1);

    const tampered = Buffer.from(signed);
    const mdat = tampered.indexOf('mdat', 0, 'latin1');
    tampered[mdat + 500] = tampered[mdat + 500]! ^ 0x10;
    const broken = await credentials.read(tampered, 'video/mp4');
    expect(broken?.valid).toBe(false);
    expect(broken?.validationStatuses).toContain('assertion.bmffHash.mismatch');
  });
});

describe('what the manifest tells', () => {
  it('holds the engine and model but nothing of the account that asked', async () => {
    const marker = 'acct-7f3a9c-marker@example.com';
    // What a caller may have at hand: a job with its account. Only the sign fields may be used.
    const job = { accountId: marker, email: marker, userId: marker, prompt: marker };
    const input: TSignInput = {
      ...job,
      data: jpeg,
      contentType: 'image/jpeg',
      action: 'created',
      engine: 'fal',
      model: 'flux-dev',
    } as TSignInput;
    const signed = await credentials.sign(input);
    const store = await credentials.readManifestStore(signed, 'image/jpeg');
    const json = JSON.stringify(store);
    expect(json).toContain('flux-dev');
    expect(json).not.toContain('acct-7f3a9c');
    expect(signed.includes('acct-7f3a9c')).toBe(false);

    // The manifest's own words: Muse, its version, the actions and their engine and model.
    const manifest = store!.manifests![store!.active_manifest!]!;
    expect(manifest.claim_generator_info).toEqual([
      expect.objectContaining({ name: 'Muse', version: VERSION }),
    ]);
    const actions = manifest.assertions!.flatMap((assertion) => assertion.data?.actions ?? []);
    expect(actions).toEqual([
      {
        action: 'c2pa.created',
        digitalSourceType: DIGITAL_SOURCE_TYPE.trainedAlgorithmicMedia,
        softwareAgent: { name: 'Muse', version: VERSION },
        when: expect.any(String),
        parameters: { 'com.muse.engine': 'fal', 'com.muse.model': 'flux-dev' },
      },
    ]);
  });
});

describe('certificates', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'muse-c2pa-'));
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  it('makes a development chain C2PA accepts: a root CA and a signing leaf', () => {
    const { certificateChainPem } = createDevelopmentCertificate();
    const [leaf, root] = certificateChainPem
      .split(/(?<=-----END CERTIFICATE-----\n)/)
      .map((pem) => new X509Certificate(pem));
    expect(leaf?.ca).toBe(false);
    expect(root?.ca).toBe(true);
    expect(leaf?.checkIssued(root!)).toBe(true);
    expect(leaf?.verify(root!.publicKey)).toBe(true);
    expect(leaf?.keyUsage).toEqual(['1.3.6.1.5.5.7.3.36', '1.3.6.1.5.5.7.3.4']);
    expect(leaf?.publicKey.asymmetricKeyDetails?.namedCurve).toBe('prime256v1');
  });

  it('is a proper chain: a reader that trusts its root finds nothing wrong', async () => {
    const chain = createDevelopmentCertificate();
    const root = chain.certificateChainPem.split(/(?<=-----END CERTIFICATE-----\n)/)[1]!;
    const trusting = createContentCredentials({
      ...chain,
      softwareAgent: { name: 'Muse', version: VERSION },
      trustAnchorsPem: root,
    });
    const signed = await trusting.sign({
      data: jpeg,
      contentType: 'image/jpeg',
      action: 'created',
      engine: 'fal',
      model: null,
    });
    expect(await trusting.read(signed, 'image/jpeg')).toMatchObject({
      valid: true,
      validationStatuses: [],
    });
    // Another root: untrusted again.
    expect(await credentials.read(signed, 'image/jpeg')).toMatchObject({
      valid: true,
      validationStatuses: [UNTRUSTED],
    });
  });

  it('makes the development certificate once, keeps it to Muse, and reuses it', async () => {
    const config = { isProduction: false, DATA_DIR: dataDir };
    const first = await loadContentCredentials(config, VERSION);
    expect(first.development).toBe(true);
    const dir = developmentCertificateDir(dataDir);
    const files = ['chain.pem', 'key.pem'].map((name) => path.join(dir, name));
    const saved = await Promise.all(files.map((file) => readFile(file, 'utf8')));
    for (const file of files) expect((await stat(file)).mode & 0o777).toBe(0o600);

    const second = await loadContentCredentials(config, VERSION);
    expect(await Promise.all(files.map((file) => readFile(file, 'utf8')))).toEqual(saved);

    // What the first signs, the second reads as signed by the same certificate.
    const signed = await first.credentials.sign({
      data: jpeg,
      contentType: 'image/jpeg',
      action: 'created',
      engine: 'fal',
      model: null,
    });
    expect(await second.credentials.read(signed, 'image/jpeg')).toMatchObject({ valid: true });
    const store = await second.credentials.readManifestStore(signed, 'image/jpeg');
    const leafPem = saved[0]!.split(/(?<=-----END CERTIFICATE-----\n)/)[0]!;
    const serial = BigInt(`0x${new X509Certificate(leafPem).serialNumber}`).toString();
    expect(JSON.stringify(store)).toContain(`"cert_serial_number":"${serial}"`);
  });

  it('needs both variables in production, and uses them', async () => {
    await expect(
      loadContentCredentials({ isProduction: true, DATA_DIR: dataDir }, VERSION),
    ).rejects.toThrow(/C2PA_CERT_CHAIN and C2PA_PRIVATE_KEY/);
    const { certificateChainPem, privateKeyPem } = createDevelopmentCertificate();
    await expect(
      loadContentCredentials(
        { isProduction: true, C2PA_CERT_CHAIN: certificateChainPem, DATA_DIR: dataDir },
        VERSION,
      ),
    ).rejects.toThrow(/C2PA_PRIVATE_KEY/);
    const loaded = await loadContentCredentials(
      {
        isProduction: true,
        C2PA_CERT_CHAIN: certificateChainPem,
        C2PA_PRIVATE_KEY: privateKeyPem,
        DATA_DIR: dataDir,
      },
      VERSION,
    );
    expect(loaded.development).toBe(false);
  });

  it('refuses a key that is not the certificate’s', () => {
    const one = createDevelopmentCertificate();
    const other = createDevelopmentCertificate();
    expect(() =>
      createContentCredentials({
        certificateChainPem: one.certificateChainPem,
        privateKeyPem: other.privateKeyPem,
        softwareAgent: { name: 'Muse', version: VERSION },
      }),
    ).toThrow(/private key/);
  });
});
