import type { Readable } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  NoSuchKey,
  NotFound,
  PutObjectCommand,
  S3Client,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { checkKey, contentTypeOf, type TStorage } from './storage';

export type TS3Options = {
  bucket: string;
  region: string;
  /** An S3-compatible service's address (MinIO, R2, …); unset for AWS itself. */
  endpoint?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  /** Bucket in the path instead of the host name, as most S3-compatible services want. */
  forcePathStyle: boolean;
  /** Prefix for every key, so one bucket can hold several installations. */
  prefix?: string;
};

/**
 * The size of each part of a streamed upload: S3 wants at least 5 MiB for every part but the
 * last, and one part at a time is all a stream holds in memory.
 */
const PART_BYTES = 8 * 1024 * 1024;

function isMissing(error: unknown): boolean {
  return (
    error instanceof NoSuchKey ||
    error instanceof NotFound ||
    (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404
  );
}

/** Files in S3-compatible object storage, for several servers and workers sharing them. */
export function createS3Storage(options: TS3Options): TStorage & { client: S3Client } {
  const client = new S3Client({
    region: options.region,
    endpoint: options.endpoint,
    forcePathStyle: options.forcePathStyle,
    credentials:
      options.accessKeyId && options.secretAccessKey
        ? { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey }
        : undefined,
  });
  const Bucket = options.bucket;
  const Key = (key: string) => {
    checkKey(key);
    return `${options.prefix ?? ''}${key}`;
  };
  const put = async (key: string, data: Buffer) => {
    await client.send(
      new PutObjectCommand({ Bucket, Key: Key(key), Body: data, ContentType: contentTypeOf(key) }),
    );
  };
  return {
    client,
    put,
    async putStream(key, stream) {
      // A multipart upload, a part at a time; a stream shorter than one part is one plain PUT.
      let chunks: Buffer[] = [];
      let buffered = 0;
      let uploadId: string | undefined;
      const parts: { ETag: string | undefined; PartNumber: number }[] = [];
      const sendPart = async () => {
        uploadId ??= (
          await client.send(
            new CreateMultipartUploadCommand({
              Bucket,
              Key: Key(key),
              ContentType: contentTypeOf(key),
            }),
          )
        ).UploadId;
        const PartNumber = parts.length + 1;
        const body = Buffer.concat(chunks);
        chunks = [];
        buffered = 0;
        const { ETag } = await client.send(
          new UploadPartCommand({
            Bucket,
            Key: Key(key),
            UploadId: uploadId,
            PartNumber,
            Body: body,
          }),
        );
        parts.push({ ETag, PartNumber });
      };
      try {
        for await (const chunk of stream) {
          const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
          chunks.push(bytes);
          buffered += bytes.length;
          if (buffered >= PART_BYTES) await sendPart();
        }
        if (!uploadId) return await put(key, Buffer.concat(chunks));
        if (buffered > 0) await sendPart();
        await client.send(
          new CompleteMultipartUploadCommand({
            Bucket,
            Key: Key(key),
            UploadId: uploadId,
            MultipartUpload: { Parts: parts },
          }),
        );
      } catch (error) {
        if (uploadId) {
          await client
            .send(new AbortMultipartUploadCommand({ Bucket, Key: Key(key), UploadId: uploadId }))
            .catch(() => {});
        }
        throw error;
      }
    },
    async get(key, range) {
      try {
        const object = await client.send(
          new GetObjectCommand({
            Bucket,
            Key: Key(key),
            ...(range ? { Range: `bytes=${range.start}-${range.end ?? ''}` } : {}),
          }),
        );
        if (!object.Body) return null;
        const size = object.ContentLength ?? 0;
        // 'bytes 0-99/1234': the whole object's size follows the slash.
        const total = Number(/\/(\d+)$/.exec(object.ContentRange ?? '')?.[1] ?? size);
        return {
          stream: object.Body as Readable,
          size,
          totalSize: total,
          contentType: contentTypeOf(key),
        };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async exists(key) {
      try {
        await client.send(new HeadObjectCommand({ Bucket, Key: Key(key) }));
        return true;
      } catch (error) {
        if (isMissing(error)) return false;
        throw error;
      }
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: Key(key) }));
    },
    async list(prefix) {
      const keys: string[] = [];
      const strip = options.prefix ?? '';
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket, Prefix: Key(prefix), ContinuationToken }),
        );
        for (const object of page.Contents ?? []) {
          if (object.Key) keys.push(object.Key.slice(strip.length));
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
      return keys;
    },
  };
}
