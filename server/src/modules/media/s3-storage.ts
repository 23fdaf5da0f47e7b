import type { Readable } from 'node:stream';
import type { S3Client } from '@aws-sdk/client-s3';
import type { S3Config } from '../../config';
import {
  IMAGE_NAME,
  type MediaStorage,
  nameFromPrefixedUrl,
  type StoredObject,
  UPLOADS_PATH,
} from './media.storage';

// The SDK (~22 MB) is loaded only by a shop that stores images in S3.
const loadSdk = () => import('@aws-sdk/client-s3');

const isMissing = (error: unknown) => {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'NoSuchKey' || e.name === 'NotFound' || e.$metadata?.httpStatusCode === 404;
};

/**
 * Images in an S3-compatible bucket (AWS S3, MinIO, R2, ...). Browsers read them from
 * S3_PUBLIC_URL when set; otherwise the shop streams them at /uploads/<name>.
 */
export class S3Storage implements MediaStorage {
  readonly kind = 's3';
  private readonly client: Promise<S3Client>;

  constructor(
    private readonly s3: S3Config,
    private readonly shopUrl: string,
  ) {
    this.client = loadSdk().then(
      ({ S3Client }) =>
        new S3Client({
          region: s3.region,
          endpoint: s3.endpoint,
          forcePathStyle: s3.forcePathStyle,
          credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
          // Newer SDKs add CRC checksums some S3-compatible servers reject; only send them when required.
          requestChecksumCalculation: 'WHEN_REQUIRED',
          responseChecksumValidation: 'WHEN_REQUIRED',
        }),
    );
  }

  async put(name: string, data: Buffer, contentType: string) {
    if (!IMAGE_NAME.test(name)) throw new Error(`invalid object name: ${name}`);
    const [{ PutObjectCommand }, client] = await Promise.all([loadSdk(), this.client]);
    await client.send(
      new PutObjectCommand({
        Bucket: this.s3.bucket,
        Key: name,
        Body: data,
        ContentType: contentType,
        ContentLength: data.length,
        CacheControl: 'public, max-age=31536000, immutable',
      }),
    );
  }

  async get(name: string): Promise<StoredObject | undefined> {
    if (!IMAGE_NAME.test(name)) return undefined;
    try {
      const [{ GetObjectCommand }, client] = await Promise.all([loadSdk(), this.client]);
      const out = await client.send(new GetObjectCommand({ Bucket: this.s3.bucket, Key: name }));
      if (!out.Body) return undefined;
      return {
        body: out.Body as Readable,
        ...(out.ContentLength !== undefined ? { length: out.ContentLength } : {}),
      };
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
  }

  async exists(name: string) {
    if (!IMAGE_NAME.test(name)) return false;
    try {
      const [{ HeadObjectCommand }, client] = await Promise.all([loadSdk(), this.client]);
      await client.send(new HeadObjectCommand({ Bucket: this.s3.bucket, Key: name }));
      return true;
    } catch (error) {
      if (isMissing(error)) return false;
      throw error;
    }
  }

  async delete(name: string) {
    if (!IMAGE_NAME.test(name)) return;
    const [{ DeleteObjectCommand }, client] = await Promise.all([loadSdk(), this.client]);
    await client.send(new DeleteObjectCommand({ Bucket: this.s3.bucket, Key: name }));
  }

  urlFor(name: string) {
    return this.s3.publicUrl ? `${this.s3.publicUrl}/${name}` : `${UPLOADS_PATH}${name}`;
  }

  nameFromUrl(url: string) {
    const prefixes = this.s3.publicUrl
      ? [`${this.s3.publicUrl}/`]
      : [UPLOADS_PATH, `${this.shopUrl}${UPLOADS_PATH}`];
    return nameFromPrefixedUrl(url, prefixes);
  }

  close() {
    void this.client.then((client) => client.destroy());
  }
}
