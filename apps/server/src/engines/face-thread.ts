// A face thread: measures persona photos and finds faces for identity scores off the main
// thread (the face models keep a core busy for a few hundred milliseconds a photo), so a
// request that uploads a photo never holds up the others. `createFaceAnalyser` (faces.ts) runs
// these; the thread keeps its models loaded between tasks. The safety check (safety.ts) runs
// its classifier in a thread of the same kind, through `runSafetyTask`.
import { analysePhoto, describeFaces, UnreadablePhotoError } from './local/face-check';
import { checkSafety } from './local/safety';
import { transferring, type TWithProgress } from './thread-pool';

export type TFaceTask = { kind: 'photo' | 'faces'; input: Uint8Array };

/** The answer to a task whose image cannot be decoded (faces.ts throws UnreadablePhotoError for it). */
const UNREADABLE = { unreadable: true } as const;

export async function runFaceTask(task: TWithProgress<TFaceTask>) {
  const input = Buffer.from(task.input.buffer, task.input.byteOffset, task.input.byteLength);
  // An error loses its class and name on its way to the caller's thread (only the built-in
  // error names survive the copy), so an unreadable image is answered, not thrown.
  try {
    return await runTask(task.kind, input);
  } catch (error) {
    if (error instanceof UnreadablePhotoError) return UNREADABLE;
    throw error;
  }
}

async function runTask(kind: TFaceTask['kind'], input: Buffer) {
  if (kind === 'faces') return describeFaces(input);
  const analysis = await analysePhoto(input);
  // Copies of their own, so they can move to the caller rather than be cloned.
  const jpeg = new Uint8Array(analysis.jpeg);
  const thumbnail = new Uint8Array(analysis.thumbnail);
  return transferring({ ...analysis, jpeg, thumbnail }, [jpeg.buffer, thumbnail.buffer]);
}

export async function runSafetyTask(task: TWithProgress<{ input: Uint8Array }>) {
  return checkSafety(Buffer.from(task.input.buffer, task.input.byteOffset, task.input.byteLength));
}
