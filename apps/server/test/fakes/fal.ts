/**
 * A local stand-in for fal (fal.ai) that speaks the protocol `@fal-ai/client` uses, so the
 * real client is tested against it: the queue (submit, status with logs, result, cancel) and
 * the storage upload (initiate, then PUT), plus the files it hands out. Muse reaches it through
 * FAL_API_URL: requests for `https://queue.fal.run/x` arrive as `/queue.fal.run/x`
 * (engines/fal/client.ts). Every URL it answers with points at itself.
 *
 * Its outputs are real files made from what was uploaded: JPEGs at the size asked for, a small
 * H.264 MP4 of the still for Kling (made with the shipped ffmpeg), and for PixVerse Swap the
 * uploaded clip itself (a fake of the protocol, not of the model). For talking videos: MiniMax's
 * voice clone answers a new voice id for a recording it received, MiniMax speech a WAV as long
 * as the prompt takes to say (a tone that swells and fades like syllables), and Kling's AI
 * avatar an H.264 MP4 of the still with that sound, as long as the sound.
 */
import { generateKeyPairSync, randomUUID, sign as signBytes, type KeyObject } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import sharp from 'sharp';
import { falWebhookMessage } from '../../src/engines/fal/webhooks';
import { probeFile, runBinary, withTempDir } from '../../src/engines/local/video/ffmpeg';

export type TFakeFalRequest = {
  method: string;
  /** Without the query string, e.g. `/queue.fal.run/fal-ai/flux-lora-fast-training`. */
  path: string;
  query: Record<string, string>;
  headers: IncomingMessage['headers'];
  /** The parsed JSON body, if any. */
  body: unknown;
};

/** A speech the fake's MiniMax speech made: its request, what it said and in which voice. */
export type TFakeFalSpeech = { requestId: string; prompt: string; voiceId: string | null };

/** How requests to one endpoint behave from now on. */
export type TFalScript = {
  /** Status polls before the request completes (default 2). */
  polls?: number;
  /** Log lines, one more shown on each IN_PROGRESS poll. */
  logs?: string[];
  /** The output, or 'error' for a request that fails on fal's side. */
  result?: Record<string, unknown> | 'error';
  /** The request completes this long after it was submitted, however often it is polled. */
  latencyMs?: number;
  /** Images come back flagged by fal's safety checker (`has_nsfw_concepts`). */
  nsfw?: boolean;
  /** Requests whose `seed` is one of these fail on fal's side. */
  failSeeds?: number[];
  /** The webhook, when one was asked for: delivered once (default), twice at once, or lost. */
  webhook?: 'deliver' | 'drop' | 'twice';
};

type TQueued = {
  id: string;
  endpoint: string;
  input: Record<string, unknown>;
  polls: number;
  script: Required<Pick<TFalScript, 'polls' | 'logs'>> & Omit<TFalScript, 'polls' | 'logs'>;
  output: Record<string, unknown> | 'error' | null;
  /** When a latency is scripted: the time it completes. */
  doneAt: number | null;
  /** The `fal_webhook` asked for at submit. */
  webhookUrl: string | null;
  /** Its output being made, by whichever caller saw it finish first. */
  finishing?: Promise<void>;
};

type TStoredFile = { data: Buffer; contentType: string; name: string };

export type TFakeFal = {
  url: string;
  /** A key the fake accepts; any non-empty `Key …` is accepted. */
  apiKey: string;
  requests: TFakeFalRequest[];
  /** Submits received, oldest first. */
  submits: () => TFakeFalRequest[];
  script: (endpoint: string, script: TFalScript) => void;
  /**
   * Headers fal would send with a webhook delivery of `body`, signed with the fake's current key
   * (its JWKS at `/rest.alpha.fal.ai/.well-known/jwks.json` lists it).
   */
  signWebhook: (
    body: Buffer,
    options: { requestId: string; userId?: string; timestamp?: number },
  ) => Record<string, string>;
  /** A new signing key; the JWKS lists it beside the old one, or alone with `retireOld`. */
  rotateWebhookKey: (options?: { retireOld?: boolean }) => void;
  /** A file it stored (an upload or an output), by its URL. */
  file: (url: string) => TStoredFile | undefined;
  /** Webhooks it delivered, oldest first, with the answer each got. */
  deliveries: () => { url: string; requestId: string; status: number }[];
  /** Speeches its MiniMax speech made, oldest first, with the voice id each was asked for. */
  speeches: () => TFakeFalSpeech[];
  close: () => Promise<void>;
};

const TRAINERS = new Set(['fal-ai/flux-lora-fast-training', 'fal-ai/flux-lora-portrait-trainer']);
/** Kling's image-to-video endpoints that take `image_url` (2.6 and later take `start_image_url`). */
const KLING = new Set([
  'fal-ai/kling-video/v2.1/standard/image-to-video',
  'fal-ai/kling-video/v2.5-turbo/standard/image-to-video',
]);
const SWAP = 'fal-ai/pixverse/swap';
/** The talking video's three steps: a voice from a recording, speech in it, the avatar video. */
const VOICE_CLONE = 'fal-ai/minimax/voice-clone';
const SPEECH = 'fal-ai/minimax/speech-2.8-hd';
const AVATAR = 'fal-ai/kling-video/ai-avatar/v2/standard';
/**
 * Fields each endpoint requires (fal answers 422 without them): a non-empty string, or with `[]`
 * a non-empty list of them. Image endpoints not listed require `prompt`.
 */
const REQUIRED: Record<string, string[]> = {
  'fal-ai/flux-pulid': ['prompt', 'reference_image_url'],
  'fal-ai/flux-pro/kontext': ['prompt', 'image_url'],
  'fal-ai/flux-pro/kontext/multi': ['prompt', 'image_urls[]'],
  ...Object.fromEntries([...KLING].map((endpoint) => [endpoint, ['prompt', 'image_url']])),
  [SWAP]: ['video_url', 'image_url'],
  [VOICE_CLONE]: ['audio_url'],
  [SPEECH]: ['prompt'],
  [AVATAR]: ['image_url', 'audio_url'],
};
const filled = (value: unknown) => typeof value === 'string' && value !== '';
/** The required fields `input` lacks, as fal's `loc` paths name them. */
function missingFields(endpoint: string, input: Record<string, unknown>): string[] {
  return (REQUIRED[endpoint] ?? ['prompt']).flatMap((field) => {
    if (!field.endsWith('[]')) return filled(input[field]) ? [] : [field];
    const list = input[field.slice(0, -2)];
    return Array.isArray(list) && list.length && list.every(filled) ? [] : [field.slice(0, -2)];
  });
}
/** Kling's clips, like fal's at a tiny size: 160 px on the longer side, 8 frames a second. */
const CLIP_SIDE = 160;
const CLIP_FPS = 8;
/** Speech's pace: characters of the prompt said per second (about 150 words a minute). */
const SPEECH_CHARACTERS_PER_SECOND = 14.5;
/** The preview MiniMax's voice clone speaks when no `text` is given. */
const CLONE_PREVIEW_TEXT = 'Hello, this is a preview of your cloned voice! I hope you like it!';

/**
 * A mono 16-bit WAV of `seconds` at 16 kHz: a quiet 190 Hz tone in four swells a second, each
 * followed by as long a near-silence, so it has the loud and quiet parts of speech.
 */
function speechWav(seconds: number): Promise<Buffer> {
  return withTempDir(async (dir) => {
    const output = path.join(dir, 'speech.wav');
    const tone = '0.3*sin(2*PI*190*t)*(0.02+max(0\\,sin(8*PI*t)))';
    await runBinary('ffmpeg', [
      ...['-v', 'error', '-f', 'lavfi', '-i', `aevalsrc=${tone}:s=16000:d=${seconds}`],
      ...['-ac', '1', '-c:a', 'pcm_s16le', '-y', output],
    ]);
    return readFile(output);
  });
}

/** How long the fake takes to say `text`, in seconds, to a tenth (half a second at least). */
function spokenSeconds(text: string): number {
  return Math.max(0.5, Math.round((text.trim().length / SPEECH_CHARACTERS_PER_SECOND) * 10) / 10);
}

/** Kontext's `aspect_ratio`, as the size the fake draws (128 px on the longer side). */
function ratioSize(ratio: unknown): [number, number] {
  const [w, h] = String(ratio ?? '1:1')
    .split(':')
    .map(Number) as [number, number];
  if (!w || !h) return [128, 128];
  return w >= h ? [128, Math.round((128 * h) / w)] : [Math.round((128 * w) / h), 128];
}
const IMAGE_SIZES: Record<string, [number, number]> = {
  square_hd: [128, 128],
  square: [96, 96],
  portrait_4_3: [96, 128],
  portrait_16_9: [72, 128],
  landscape_4_3: [128, 96],
  landscape_16_9: [128, 72],
};

/** A tiny but well-formed safetensors file: u64 header length, JSON header, the tensor bytes. */
function safetensors(): Buffer {
  const header = Buffer.from(
    JSON.stringify({
      'lora_unet_single_blocks_0.lora_down.weight': {
        dtype: 'F32',
        shape: [2, 2],
        data_offsets: [0, 16],
      },
      __metadata__: { format: 'pt' },
    }),
  );
  const length = Buffer.alloc(8);
  length.writeBigUInt64LE(BigInt(header.length));
  const tensor = Buffer.alloc(16);
  [0.5, -0.25, 0.125, 1].forEach((value, index) => tensor.writeFloatLE(value, index * 4));
  return Buffer.concat([length, header, tensor]);
}

function readBody(request: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });
}

function send(response: ServerResponse, status: number, body: unknown, headers = {}) {
  response.writeHead(status, { 'content-type': 'application/json', ...headers });
  response.end(JSON.stringify(body));
}

export async function startFakeFal(options: { port?: number } = {}): Promise<TFakeFal> {
  const requests: TFakeFalRequest[] = [];
  const scripts = new Map<string, TFalScript>();
  const queued = new Map<string, TQueued>();
  const files = new Map<string, TStoredFile>();
  let base = '';
  const newKey = () => {
    const pair = generateKeyPairSync('ed25519');
    return { kid: randomUUID(), privateKey: pair.privateKey, publicKey: pair.publicKey };
  };
  let webhookKeys: { kid: string; privateKey: KeyObject; publicKey: KeyObject }[] = [newKey()];

  /** fal's webhook headers for `body`, signed with the newest key. */
  function sign(body: Buffer, requestId: string, userId = 'fal-user-1', timestamp?: number) {
    const seconds = String(timestamp ?? Math.floor(Date.now() / 1000));
    const key = webhookKeys.at(-1)!;
    const signature = signBytes(
      null,
      falWebhookMessage(requestId, userId, seconds, body),
      key.privateKey,
    );
    return {
      'x-fal-webhook-request-id': requestId,
      'x-fal-webhook-user-id': userId,
      'x-fal-webhook-timestamp': seconds,
      'x-fal-webhook-signature': signature.toString('hex'),
    };
  }

  function storeFile(data: Buffer, contentType: string, name: string): string {
    const id = randomUUID();
    files.set(id, { data, contentType, name });
    return `${base}/files/${id}/${encodeURIComponent(name)}`;
  }

  function fileAt(url: string): TStoredFile | undefined {
    const match = /\/files\/([0-9a-f-]{36})\//.exec(url);
    return match ? files.get(match[1]!) : undefined;
  }

  /** A video output as fal's endpoints describe it (`File`). */
  function videoFile(data: Buffer, name: string) {
    return {
      video: {
        url: storeFile(data, 'video/mp4', name),
        content_type: 'video/mp4',
        file_name: name,
        file_size: data.length,
      },
    };
  }

  /** An audio output as fal's endpoints describe it (`File`). */
  function audioFile(data: Buffer, name: string) {
    return {
      url: storeFile(data, 'audio/wav', name),
      content_type: 'audio/wav',
      file_name: name,
      file_size: data.length,
    };
  }

  /**
   * The size a clip of the still is drawn at (its shape kept, as Kling keeps it, at most
   * `CLIP_SIDE`, even sides for H.264), as ffmpeg's `scale` takes it; null: not a picture.
   */
  async function clipSize(still: TStoredFile): Promise<string | null> {
    const { width, height } = await sharp(still.data)
      .metadata()
      .catch(() => ({ width: 0, height: 0 }));
    if (!width || !height) return null;
    const scale = CLIP_SIDE / Math.max(width, height);
    const even = (side: number) => Math.max(2, 2 * Math.round((side * scale) / 2));
    return `${even(width)}:${even(height)}`;
  }

  /**
   * Kling: the uploaded still (its shape kept, as Kling keeps it) as an H.264 MP4 of the
   * duration asked for; a still it did not receive fails the request.
   */
  async function klingClip(input: Record<string, unknown>) {
    const still = fileAt(String(input.image_url));
    if (!still) return 'error';
    const size = await clipSize(still);
    if (!size) return 'error';
    const seconds = input.duration === '10' ? 10 : 5;
    const clip = await withTempDir(async (dir) => {
      const [source, output] = [path.join(dir, 'still'), path.join(dir, 'clip.mp4')];
      await writeFile(source, still.data);
      await runBinary('ffmpeg', [
        ...['-v', 'error', '-loop', '1', '-framerate', String(CLIP_FPS), '-i', source],
        ...['-t', String(seconds), '-vf', `scale=${size}`],
        ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p'],
        ...['-movflags', '+faststart', '-y', output],
      ]);
      return readFile(output);
    });
    return videoFile(clip, 'output.mp4');
  }

  /** Voices the fake's speech spoke in, oldest first. */
  const speeches: TFakeFalSpeech[] = [];

  /**
   * MiniMax voice clone: a new voice id for a recording it received (and the preview fal speaks
   * in it); a recording it never received fails the request.
   */
  async function clonedVoice(input: Record<string, unknown>) {
    if (!fileAt(String(input.audio_url))?.data.length) return 'error';
    const text = typeof input.text === 'string' && input.text ? input.text : CLONE_PREVIEW_TEXT;
    return {
      custom_voice_id: `voice-${randomUUID()}`,
      audio: audioFile(await speechWav(spokenSeconds(text)), 'preview.wav'),
    };
  }

  /** MiniMax speech: the prompt said, as a WAV as long as it takes at an even pace. */
  async function spokenPrompt(request: TQueued) {
    const prompt = String(request.input.prompt);
    const setting = request.input.voice_setting as { voice_id?: unknown } | undefined;
    const voiceId = typeof setting?.voice_id === 'string' ? setting.voice_id : null;
    const seconds = spokenSeconds(prompt);
    const wav = await speechWav(seconds);
    speeches.push({ requestId: request.id, prompt, voiceId });
    return { audio: audioFile(wav, 'speech.wav'), duration_ms: Math.round(seconds * 1000) };
  }

  /**
   * Kling AI avatar: the uploaded still, its shape kept, as an H.264 MP4 with the uploaded sound,
   * as long as the sound; a still or a sound it did not receive, or cannot read, fails it.
   */
  async function avatarClip(input: Record<string, unknown>) {
    const still = fileAt(String(input.image_url));
    const sound = fileAt(String(input.audio_url));
    if (!still || !sound?.data.length) return 'error';
    const size = await clipSize(still);
    if (!size) return 'error';
    const made = await withTempDir(async (dir) => {
      const [image, audio] = [path.join(dir, 'still'), path.join(dir, 'audio')];
      const output = path.join(dir, 'avatar.mp4');
      await Promise.all([writeFile(image, still.data), writeFile(audio, sound.data)]);
      // The sound's own length, since `-shortest` overshoots by ffmpeg's buffered frames.
      const length = await runBinary('ffprobe', [
        ...['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', audio],
      ]);
      const seconds = Number(length.toString('utf8').trim());
      if (!(seconds > 0)) return null;
      await runBinary('ffmpeg', [
        ...['-v', 'error', '-loop', '1', '-framerate', String(CLIP_FPS), '-i', image, '-i', audio],
        ...['-map', '0:v:0', '-map', '1:a:0', '-vf', `scale=${size}`, '-t', String(seconds)],
        ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac'],
        ...['-movflags', '+faststart', '-y', output],
      ]);
      const probe = await probeFile(output);
      return { clip: await readFile(output), seconds: probe?.durationSeconds ?? 0 };
    }).catch(() => null);
    if (!made) return 'error';
    return { ...videoFile(made.clip, 'output.mp4'), duration: made.seconds };
  }

  /** PixVerse Swap: the uploaded clip back, once it and the face photo were both received. */
  function swappedClip(input: Record<string, unknown>) {
    const clip = fileAt(String(input.video_url));
    if (!clip?.data.length || !fileAt(String(input.image_url))?.data.length) return 'error';
    return videoFile(clip.data, 'swapped.mp4');
  }

  /** What a request that completed produced, made once. */
  async function produce(request: TQueued): Promise<Record<string, unknown> | 'error'> {
    if (request.script.result) return request.script.result;
    if (request.script.failSeeds?.includes(Number(request.input.seed))) return 'error';
    if (TRAINERS.has(request.endpoint)) {
      const zip = fileAt(String(request.input.images_data_url ?? ''));
      if (!zip || zip.data.subarray(0, 2).toString('latin1') !== 'PK') return 'error';
      const lora = safetensors();
      return {
        diffusers_lora_file: {
          url: storeFile(lora, 'application/octet-stream', 'pytorch_lora_weights.safetensors'),
          content_type: 'application/octet-stream',
          file_name: 'pytorch_lora_weights.safetensors',
          file_size: lora.length,
        },
        config_file: {
          url: storeFile(Buffer.from('{"trigger_word":"x"}'), 'application/json', 'config.json'),
          content_type: 'application/json',
          file_name: 'config.json',
          file_size: 20,
        },
      };
    }
    if (KLING.has(request.endpoint)) return klingClip(request.input);
    if (request.endpoint === SWAP) return swappedClip(request.input);
    if (request.endpoint === VOICE_CLONE) return clonedVoice(request.input);
    if (request.endpoint === SPEECH) return spokenPrompt(request);
    if (request.endpoint === AVATAR) return avatarClip(request.input);
    const size = request.input.image_size;
    const [width, height] = request.input.aspect_ratio
      ? ratioSize(request.input.aspect_ratio)
      : typeof size === 'string'
        ? (IMAGE_SIZES[size] ?? [128, 128])
        : [
            Number((size as { width?: number })?.width ?? 128),
            Number((size as { height?: number })?.height ?? 128),
          ];
    const count = Number(request.input.num_images ?? 1);
    const seed = Number(request.input.seed ?? 42);
    // PuLID keeps the reference's identity in a new picture: here the same face, mirrored and
    // framed anew at the size asked for.
    const reference =
      request.endpoint === 'fal-ai/flux-pulid'
        ? fileAt(String(request.input.reference_image_url))
        : undefined;
    const images = [];
    for (let index = 0; index < count; index++) {
      const shade = (seed * 37 + index * 53) % 200;
      const jpeg = reference
        ? await sharp(reference.data)
            .rotate()
            .flop()
            .resize(width, height, { fit: 'cover', position: 'attention' })
            .modulate({ brightness: 0.9 + (shade % 20) / 100 })
            .jpeg()
            .toBuffer()
        : await sharp({
            create: {
              width,
              height,
              channels: 3,
              background: { r: 40 + shade / 2, g: 60, b: 90 + shade / 3 },
            },
          })
            .jpeg()
            .toBuffer();
      images.push({
        url: storeFile(jpeg, 'image/jpeg', `image-${index}.jpg`),
        width,
        height,
        content_type: 'image/jpeg',
      });
    }
    return {
      images,
      seed,
      prompt: request.input.prompt,
      has_nsfw_concepts: images.map(() => request.script.nsfw === true),
      timings: { inference: 0.1 },
    };
  }

  const deliveries: { url: string; requestId: string; status: number }[] = [];

  /** Sends fal's signed webhook for a finished request, as fal does (failures are recorded). */
  async function deliver(found: TQueued) {
    if (!found.webhookUrl || found.script.webhook === 'drop') return;
    const ok = found.output !== 'error';
    const body = Buffer.from(
      JSON.stringify({
        request_id: found.id,
        gateway_request_id: found.id,
        status: ok ? 'OK' : 'ERROR',
        payload: ok ? found.output : null,
        ...(ok ? {} : { error: 'The request failed' }),
      }),
    );
    const send = async () => {
      const url = found.webhookUrl!;
      try {
        const answer = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...sign(body, found.id) },
          body,
        });
        deliveries.push({ url, requestId: found.id, status: answer.status });
      } catch {
        deliveries.push({ url, requestId: found.id, status: 0 });
      }
    };
    await Promise.all(found.script.webhook === 'twice' ? [send(), send()] : [send()]);
  }

  /**
   * Whether the request has finished; the first time it has, its output is made and announced,
   * once, however many callers (its own clock, status polls) arrive while it is being made.
   */
  async function complete(found: TQueued): Promise<boolean> {
    const done =
      found.doneAt === null ? found.polls >= found.script.polls : Date.now() >= found.doneAt;
    if (!done) return false;
    found.finishing ??= produce(found).then((output) => {
      found.output = output;
      void deliver(found);
    });
    await found.finishing;
    return true;
  }

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const url = new URL(request.url ?? '/', base);
    const raw = await readBody(request);
    let body: unknown = undefined;
    if (raw.length && (request.headers['content-type'] ?? '').includes('json'))
      body = JSON.parse(raw.toString('utf8'));
    requests.push({
      method: request.method ?? 'GET',
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      headers: request.headers,
      body,
    });

    // Files it hands out and uploads it receives need no key (they are capability URLs).
    const upload = /^\/upload\/([0-9a-f-]{36})$/.exec(url.pathname);
    if (upload && request.method === 'PUT') {
      const pending = files.get(upload[1]!);
      if (!pending) return send(response, 404, { detail: 'Unknown upload' });
      pending.data = raw;
      return send(response, 200, {});
    }
    const file = /^\/files\/([0-9a-f-]{36})\//.exec(url.pathname);
    if (file && request.method === 'GET') {
      const stored = files.get(file[1]!);
      if (!stored) return send(response, 404, { detail: 'Not found' });
      response.writeHead(200, {
        'content-type': stored.contentType,
        'content-length': stored.data.length,
      });
      return response.end(stored.data);
    }

    if (url.pathname === '/rest.alpha.fal.ai/.well-known/jwks.json' && request.method === 'GET') {
      return send(response, 200, {
        keys: webhookKeys.map(({ kid, publicKey }) => ({
          ...publicKey.export({ format: 'jwk' }),
          kid,
          use: 'sig',
          alg: 'EdDSA',
        })),
      });
    }

    const authorization = request.headers.authorization ?? '';
    if (!/^Key \S+/.test(authorization)) return send(response, 401, { detail: 'Unauthorized' });

    if (url.pathname === '/rest.fal.ai/storage/upload/initiate' && request.method === 'POST') {
      const { content_type: contentType, file_name: name } = body as {
        content_type?: string;
        file_name?: string;
      };
      const id = randomUUID();
      files.set(id, {
        data: Buffer.alloc(0),
        contentType: contentType ?? 'application/octet-stream',
        name: name ?? 'upload',
      });
      return send(response, 200, {
        upload_url: `${base}/upload/${id}`,
        file_url: `${base}/files/${id}/${encodeURIComponent(name ?? 'upload')}`,
      });
    }

    const queue = /^\/queue\.fal\.run\/(.+)$/.exec(url.pathname);
    if (!queue) return send(response, 404, { detail: 'Not found' });
    const rest = queue[1]!;
    const statusMatch = /^([^/]+\/[^/]+)\/requests\/([^/]+)(\/status|\/cancel)?$/.exec(rest);
    if (statusMatch) {
      const found = queued.get(statusMatch[2]!);
      if (!found || !found.endpoint.startsWith(statusMatch[1]!))
        return send(response, 404, { detail: 'Request not found' });
      const headers = { 'x-fal-request-id': found.id };
      if (statusMatch[3] === '/cancel')
        return send(response, 202, { status: 'CANCELLATION_REQUESTED' }, headers);
      if (statusMatch[3] === '/status') {
        found.polls += 1;
        const logs = url.searchParams.get('logs') === '1';
        const shown = found.script.logs.slice(0, found.polls - 1).map((message) => ({
          message,
          level: 'INFO',
          source: 'user',
          timestamp: new Date().toISOString(),
        }));
        if (!(await complete(found))) {
          // Before it runs, a request waits in the queue (its first look, or its first half).
          const queuedStill =
            found.doneAt === null
              ? found.polls === 1 && found.script.polls > 1
              : Date.now() < found.doneAt - (found.script.latencyMs ?? 0) / 2;
          return send(
            response,
            202,
            queuedStill
              ? { status: 'IN_QUEUE', queue_position: 1, request_id: found.id }
              : { status: 'IN_PROGRESS', request_id: found.id, logs: logs ? shown : null },
            headers,
          );
        }
        return send(
          response,
          200,
          {
            status: 'COMPLETED',
            request_id: found.id,
            logs: logs
              ? found.script.logs.map((message) => ({
                  message,
                  level: 'INFO',
                  source: 'user',
                  timestamp: new Date().toISOString(),
                }))
              : null,
            metrics: { inference_time: 1.5 },
            ...(found.output === 'error' ? { error: 'The request failed' } : {}),
          },
          headers,
        );
      }
      if (request.method !== 'GET') return send(response, 405, { detail: 'Method not allowed' });
      if (found.doneAt !== null) await complete(found);
      if (!found.output)
        return send(response, 400, { detail: 'Request is still in progress' }, headers);
      if (found.output === 'error')
        return send(response, 500, { detail: 'The request failed on the runner' }, headers);
      return send(response, 200, found.output, headers);
    }

    if (request.method !== 'POST') return send(response, 405, { detail: 'Method not allowed' });
    const endpoint = rest;
    const input = (body ?? {}) as Record<string, unknown>;
    if (TRAINERS.has(endpoint) && typeof input.images_data_url !== 'string')
      return send(response, 422, {
        detail: [
          { loc: ['body', 'images_data_url'], msg: 'field required', type: 'value_error.missing' },
        ],
      });
    const missing = TRAINERS.has(endpoint) ? [] : missingFields(endpoint, input);
    if (endpoint === 'fal-ai/flux-lora' && Array.isArray(input.loras))
      for (const lora of input.loras as { path?: unknown }[])
        if (typeof lora?.path !== 'string') missing.push('loras.path');
    if (missing.length)
      return send(response, 422, {
        detail: missing.map((field) => ({
          loc: ['body', ...field.split('.')],
          msg: 'field required',
          type: 'value_error.missing',
        })),
      });
    const script = scripts.get(endpoint) ?? {};
    const id = randomUUID();
    const found: TQueued = {
      id,
      endpoint,
      input,
      polls: 0,
      script: { ...script, polls: script.polls ?? 2, logs: script.logs ?? [] },
      output: null,
      doneAt: script.latencyMs === undefined ? null : Date.now() + script.latencyMs,
      webhookUrl: url.searchParams.get('fal_webhook'),
    };
    queued.set(id, found);
    // With a latency, the request finishes on its own clock, and its webhook goes out then.
    // A timer may fire a millisecond before the wall clock reaches `doneAt`: it finishes the
    // request itself rather than asking the clock again (a request left unfinished would wait
    // for a poll that, with webhooks, may be minutes away).
    if (found.doneAt !== null)
      setTimeout(() => {
        found.doneAt = Math.min(found.doneAt!, Date.now());
        void complete(found);
      }, script.latencyMs).unref();
    const [owner, alias] = endpoint.split('/');
    const at = `${base}/queue.fal.run/${owner}/${alias}/requests/${id}`;
    return send(response, 200, {
      request_id: id,
      status_url: `${at}/status`,
      response_url: at,
      cancel_url: `${at}/cancel`,
      queue_position: 0,
    });
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) =>
      send(response, 500, { detail: String(error) }),
    );
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url: base,
    apiKey: 'fal-test-key:secret',
    requests,
    submits: () =>
      requests.filter((one) => one.method === 'POST' && one.path.startsWith('/queue.fal.run/')),
    script: (endpoint, script) => scripts.set(endpoint, script),
    signWebhook: (body, { requestId, userId, timestamp }) =>
      sign(body, requestId, userId, timestamp),
    rotateWebhookKey: ({ retireOld = false } = {}) => {
      webhookKeys = retireOld ? [newKey()] : [...webhookKeys, newKey()];
    },
    file: fileAt,
    deliveries: () => [...deliveries],
    speeches: () => [...speeches],
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
