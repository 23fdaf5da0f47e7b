import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/src/config';
import { makePng, multipart } from '../factories/images';
import { makeUser, type TestUser } from '../factories/users';
import { createTestApp, type TestApp } from '../helpers/test-app';

// A local fake of the S3 API (s3rver) on a random port, spoken to over real HTTP by the SDK.
const BUCKET = 'shop-images';
let s3: S3rver;
let endpoint: string;

const s3Env = () => ({
  S3_BUCKET: BUCKET,
  S3_REGION: 'us-east-1',
  S3_ENDPOINT: endpoint,
  S3_ACCESS_KEY_ID: 'S3RVER',
  S3_SECRET_ACCESS_KEY: 'S3RVER',
});

beforeAll(async () => {
  s3 = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory: mkdtempSync(path.join(tmpdir(), 'shop-s3rver-')),
    configureBuckets: [{ name: BUCKET }],
  });
  const { port } = await s3.run();
  endpoint = `http://127.0.0.1:${port}`;
});
afterAll(async () => s3.close());

async function upload(t: TestApp, admin: TestUser, file: Buffer) {
  const body = multipart(file);
  return t.app.inject({
    method: 'POST',
    url: '/api/admin/products/upload-image',
    payload: body.payload,
    headers: { ...body.headers, cookie: admin.cookie },
  });
}

async function listKeys(): Promise<string[]> {
  const client = new S3Client({
    region: 'us-east-1',
    endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
  const out = await client.send(new ListObjectsV2Command({ Bucket: BUCKET }));
  client.destroy();
  return (out.Contents ?? []).map((o) => o.Key ?? '');
}

describe('S3-compatible storage, served through the shop', () => {
  let t: TestApp;
  let admin: TestUser;
  beforeAll(async () => {
    t = await createTestApp({ ...s3Env(), DATA_DIR: mkdtempSync(path.join(tmpdir(), 'shop-s3-')) });
    admin = await makeUser(t, { role: 'admin' });
  });
  afterAll(async () => t.close());

  it('stores the WebP in the bucket and serves it at /uploads/ with the immutable header', async () => {
    const res = await upload(t, admin, await makePng(200, 100));
    expect(res.statusCode).toBe(200);
    const { url } = res.json().result;
    expect(url).toMatch(/^http:\/\/localhost:5000\/uploads\/[0-9a-f]{32}\.webp$/);
    expect(await listKeys()).toContain(url.slice(url.lastIndexOf('/') + 1));

    const served = await t.app.inject({ method: 'GET', url: new URL(url).pathname });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await sharp(served.rawPayload).metadata()).format).toBe('webp');
  });

  it('accepts the uploaded URL for a product and refuses a name not in the bucket', async () => {
    const { url } = (await upload(t, admin, await makePng())).json().result;
    const product = {
      title: 'Bucket Tee',
      category: 'men',
      brand: 'nike',
      price: 10,
      totalStock: 1,
    };
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/admin/products/add',
      payload: { ...product, image: url },
      headers: { cookie: admin.cookie },
    });
    expect(ok.statusCode).toBe(201);
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/admin/products/add',
      payload: { ...product, image: `/uploads/${'b'.repeat(32)}.webp` },
      headers: { cookie: admin.cookie },
    });
    expect(missing.statusCode).toBe(400);
  });

  it('stores nothing in the bucket for a refused upload', async () => {
    const before = await listKeys();
    const res = await upload(t, admin, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'));
    expect(res.statusCode).toBe(415);
    expect(await listKeys()).toEqual(before);
  });

  it('answers 404 for a name the bucket does not hold', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/uploads/${'c'.repeat(32)}.webp` });
    expect(res.statusCode).toBe(404);
  });
});

describe('S3 with a public URL', () => {
  it('issues URLs on the bucket that browsers load directly, allowed by the CSP', async () => {
    const publicUrl = `${endpoint}/${BUCKET}`;
    const t = await createTestApp({
      ...s3Env(),
      S3_PUBLIC_URL: publicUrl,
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'shop-s3-public-')),
    });
    try {
      const admin = await makeUser(t, { role: 'admin' });
      const res = await upload(t, admin, await makePng());
      const { url } = res.json().result;
      expect(url.startsWith(`${publicUrl}/`)).toBe(true);
      const direct = await fetch(url);
      expect(direct.status).toBe(200);
      expect(direct.headers.get('content-type')).toBe('image/webp');
      expect(direct.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      const page = await t.app.inject({ method: 'GET', url: '/api/auth/check-auth' });
      expect(page.headers['content-security-policy']).toContain(new URL(endpoint).origin);
    } finally {
      await t.close();
    }
  });
});

describe('S3 configuration', () => {
  it('is all or none: a partial S3_* set names each missing variable', () => {
    expect(() => loadConfig({ S3_BUCKET: 'b', S3_REGION: 'r' })).toThrow(
      /S3_ENDPOINT[\s\S]*S3_ACCESS_KEY_ID[\s\S]*S3_SECRET_ACCESS_KEY/,
    );
  });
  it('refuses an endpoint that is not a URL', () => {
    expect(() => loadConfig({ ...s3Env(), S3_ENDPOINT: 'minio:9000' })).toThrow(/S3_ENDPOINT/);
  });
});
