import path from 'node:path';
import type { TConfig } from '../config';
import { createS3Storage } from './s3-storage';
import { createLocalStorage, type TStorage } from './storage';

/** Object storage when S3_BUCKET is set, else the local disk under DATA_DIR/files. */
export function createStorage(config: TConfig): TStorage {
  if (config.S3_BUCKET) {
    return createS3Storage({
      bucket: config.S3_BUCKET,
      region: config.S3_REGION,
      endpoint: config.S3_ENDPOINT,
      accessKeyId: config.S3_ACCESS_KEY_ID,
      secretAccessKey: config.S3_SECRET_ACCESS_KEY,
      forcePathStyle: config.S3_FORCE_PATH_STYLE,
      prefix: config.S3_PREFIX,
    });
  }
  return createLocalStorage(path.join(config.DATA_DIR, 'files'));
}
