import path from 'node:path';
import type { Config } from '../../config';
import { LocalStorage } from './local-storage';
import type { MediaStorage } from './media.storage';
import { S3Storage } from './s3-storage';

/** S3-compatible storage when S3_* is set, else files under DATA_DIR/uploads. */
export function createMediaStorage(config: Config): MediaStorage {
  if (config.s3) return new S3Storage(config.s3, config.publicUrl);
  return new LocalStorage(path.resolve(config.DATA_DIR, 'uploads'), config.publicUrl);
}
