import type { TFaceTask } from './face-thread';
import {
  UnreadablePhotoError,
  type TFaceDescriptions,
  type TPhotoAnalysis,
} from './local/face-check';
import { threadEntry, ThreadPool } from './thread-pool';

/** Measures persona photos and finds faces, for the photo checks and identity scores. */
export type TFaceAnalyser = {
  /** The photo's stored form and what its faces look like (engines/local/face-check.ts). */
  analysePhoto: (input: Buffer) => Promise<TPhotoAnalysis>;
  /** The description vectors of the faces in an image, largest first. */
  faceEmbeddings: (input: Buffer) => Promise<number[][]>;
  /** Those vectors and each face's estimated age, from one look at the image. */
  describeFaces: (input: Buffer) => Promise<TFaceDescriptions>;
  stop: () => Promise<void>;
};

/**
 * The face analyser of a process: one thread, started on the first photo and kept with its
 * models, so requests never wait on a model in the thread that serves them.
 */
export function createFaceAnalyser(): TFaceAnalyser {
  const pool = new ThreadPool<TFaceTask, unknown>({
    entry: threadEntry('face-thread', import.meta.url),
    handler: 'runFaceTask',
    threads: 1,
  });
  const run = async (kind: TFaceTask['kind'], input: Buffer) => {
    const bytes = new Uint8Array(input);
    const answer = await pool.run({ kind, input: bytes }, { transfer: [bytes.buffer] });
    // face-thread.ts answers UNREADABLE for an image it cannot decode.
    if (typeof answer === 'object' && answer !== null && 'unreadable' in answer)
      throw new UnreadablePhotoError();
    return answer;
  };
  const describeFaces = async (input: Buffer) =>
    // A 'faces' task is answered with the faces' embeddings and ages.
    (await run('faces', input)) as TFaceDescriptions;
  return {
    async analysePhoto(input) {
      // face-thread.ts answers a 'photo' task with a TPhotoAnalysis whose buffers crossed as bytes.
      const answer = (await run('photo', input)) as Omit<TPhotoAnalysis, 'jpeg' | 'thumbnail'> & {
        jpeg: Uint8Array;
        thumbnail: Uint8Array;
      };
      return {
        ...answer,
        jpeg: Buffer.from(answer.jpeg.buffer, answer.jpeg.byteOffset, answer.jpeg.byteLength),
        thumbnail: Buffer.from(
          answer.thumbnail.buffer,
          answer.thumbnail.byteOffset,
          answer.thumbnail.byteLength,
        ),
      };
    },
    describeFaces,
    faceEmbeddings: async (input) => (await describeFaces(input)).embeddings,
    stop: () => pool.stop(),
  };
}
