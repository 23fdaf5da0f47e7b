import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { S3Config } from '../../config';
import {
  IMAGE_NAME,
  type MediaStorage,
  nameFromPrefixedUrl,
  type StoredObject,
  UPLOADS_PATH,
} from './media.storage';

const isMissing = (error: unknown) =>
  error instanceof S3ServiceException &&
  (error.name === 'NoSuchKey' ||
    error.name === 'NotFound' ||
    error.$metadata.httpStatusCode === 404);

/**
 * Images in an S3-compatible bucket (AWS S3, MinIO, R2, ...). Browsers read them from
 * S3_PUBLIC_URL when set; otherwise the shop streams them at /uploads/<name>.
 */
export class S3Storage implements MediaStorage {
  readonly kind = 's3';
  private readonly client: S3Client;

  constructor(
    private readonly s3: S3Config,
    private readonly shopUrl: string,
  ) {
    this.client = new S3Client({
      region: s3.region,
      endpoint: s3.endpoint,
      forcePathStyle: s3.forcePathStyle,
      credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
      // Newer SDKs add CRC checksums some S3-compatible servers reject; only send them when required.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  async put(name: string, data: Buffer, contentType: string) {
    if (!IMAGE_NAME.test(name)) throw new Error(`invalid object name: ${name}`);
    await this.client.send(
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
      const out = await this.client.send(
        new GetObjectCommand({ Bucket: this.s3.bucket, Key: name }),
      );
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
      await this.client.send(new HeadObjectCommand({ Bucket: this.s3.bucket, Key: name }));
      return true;
    } catch (error) {
      if (isMissing(error)) return false;
      throw error;
    }
  }

  async delete(name: string) {
    if (!IMAGE_NAME.test(name)) return;
    await this.client.send(new DeleteObjectCommand({ Bucket: this.s3.bucket, Key: name }));
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
    this.client.destroy();
  }
}
