import type { z } from 'zod';
import type { Env } from './config';

const s3Keys = [
  'S3_BUCKET',
  'S3_REGION',
  'S3_ENDPOINT',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
] as const;

export type S3Config = {
  bucket: string;
  region: string;
  endpoint: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
  /** Where browsers read objects directly; without it the shop serves them at /uploads/. */
  publicUrl?: string;
};

type S3Env = { [K in (typeof s3Keys)[number]]?: string | undefined } & {
  S3_PUBLIC_URL?: string | undefined;
};

// All five or none: a half-configured bucket would fail at the first upload.
export function checkS3(env: S3Env, ctx: z.RefinementCtx) {
  const s3Set = s3Keys.filter((k) => env[k] !== undefined);
  if (s3Set.length > 0 && s3Set.length < s3Keys.length) {
    for (const key of s3Keys.filter((k) => env[k] === undefined)) {
      ctx.addIssue({
        code: 'custom',
        path: [key],
        message: `is required when any of ${s3Keys.join(', ')} is set`,
      });
    }
  }
  if (env.S3_PUBLIC_URL && s3Set.length === 0) {
    ctx.addIssue({ code: 'custom', path: ['S3_PUBLIC_URL'], message: 'needs the S3_* settings' });
  }
}

export function s3FromEnv(env: Env): S3Config | undefined {
  const { S3_BUCKET, S3_REGION, S3_ENDPOINT, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY } = env;
  if (!S3_BUCKET || !S3_REGION || !S3_ENDPOINT || !S3_ACCESS_KEY_ID || !S3_SECRET_ACCESS_KEY) {
    return undefined;
  }
  return {
    bucket: S3_BUCKET,
    region: S3_REGION,
    endpoint: S3_ENDPOINT,
    accessKeyId: S3_ACCESS_KEY_ID,
    secretAccessKey: S3_SECRET_ACCESS_KEY,
    forcePathStyle: env.S3_FORCE_PATH_STYLE,
    ...(env.S3_PUBLIC_URL ? { publicUrl: env.S3_PUBLIC_URL.replace(/\/+$/, '') } : {}),
  };
}
