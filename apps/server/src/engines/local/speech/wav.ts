/**
 * WAV files of 16-bit PCM, the format the offline synthesizer writes and the talking video's
 * uploaded audio arrives in: reading a file's format and length, and writing samples as one.
 */

/** A WAV's format and how many samples (per channel) its data holds. */
export type TWavInfo = { sampleRate: number; channels: number; samples: number };

/** Reads a 16-bit PCM WAV's format and length; anything else is refused. */
export function readWavInfo(wav: Buffer): TWavInfo {
  if (wav.toString('ascii', 0, 4) !== 'RIFF' || wav.toString('ascii', 8, 12) !== 'WAVE')
    throw new Error('Not a WAV file');
  let sampleRate = 0;
  let channels = 1;
  let bits = 0;
  for (let at = 12; at + 8 <= wav.length;) {
    const id = wav.toString('ascii', at, at + 4);
    const size = wav.readUInt32LE(at + 4);
    if (id === 'fmt ' && at + 24 <= wav.length) {
      channels = wav.readUInt16LE(at + 10);
      sampleRate = wav.readUInt32LE(at + 12);
      bits = wav.readUInt16LE(at + 22);
    } else if (id === 'data') {
      if (!sampleRate || !channels || bits !== 16) throw new Error('Not a 16-bit PCM WAV file');
      // A stated size past the end (a stream's placeholder) means: to the end.
      const bytes = Math.min(size, wav.length - at - 8);
      return { sampleRate, channels, samples: Math.floor(bytes / 2 / channels) };
    }
    at += 8 + size + (size % 2);
  }
  throw new Error('The WAV file holds no sound');
}

/** How long a 16-bit PCM WAV lasts, in seconds; null when it is not one. */
export function wavSeconds(wav: Uint8Array): number | null {
  try {
    const info = readWavInfo(Buffer.from(wav.buffer, wav.byteOffset, wav.byteLength));
    return info.samples / info.sampleRate;
  } catch {
    return null;
  }
}

/** Samples (-1…1, channels interleaved) as a 16-bit PCM WAV. */
export function encodeWav(samples: Float32Array, sampleRate: number, channels = 1): Buffer {
  const data = Buffer.alloc(samples.length * 2);
  for (let i = 0; i < samples.length; i += 1)
    data.writeInt16LE(Math.round(Math.max(-1, Math.min(1, samples[i]!)) * 32_767), i * 2);
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVEfmt ', 8, 'ascii');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(channels, 22);
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * channels * 2, 28);
  header.writeUInt16LE(channels * 2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}
