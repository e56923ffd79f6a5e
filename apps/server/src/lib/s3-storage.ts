import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  NoSuchKey,
  NotFound,
  PutObjectCommand,
  S3Client,
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
  return {
    client,
    async put(key, data) {
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: Key(key),
          Body: data,
          ContentType: contentTypeOf(key),
        }),
      );
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
  };
}
