import path from 'node:path';
import { diskStorage } from './disk';
import { s3Storage, type S3Options } from './s3';
import type { Storage } from './storage';

export type { Storage } from './storage';

/** S3 when S3_BUCKET is set (config.s3; S3_ENDPOINT for a non-AWS store), else the directory DATA_DIR/files. */
export function createStorage(config: { dataDir: string; s3?: S3Options }): Storage {
  return config.s3 ? s3Storage(config.s3) : diskStorage(path.join(config.dataDir, 'files'));
}
