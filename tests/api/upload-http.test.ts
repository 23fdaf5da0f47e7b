import { mkdtempSync, readdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePng } from '../factories/images';
import { makeUser, type TestUser } from '../factories/users';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../helpers/test-app';

// Uploads over a real socket from Node's fetch + FormData: the body arrives in the chunk sizes
// a real client sends, which is where the multipart size limit used to slip (issue 9).
let t: TestApp;
let admin: TestUser;
let uploadsDir: string;
let base: string;

beforeAll(async () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-upload-http-'));
  uploadsDir = path.join(dataDir, 'uploads');
  t = await createTestApp({ DATA_DIR: dataDir });
  admin = await makeUser(t, { role: 'admin' });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => t.close());

const stored = () => {
  try {
    return readdirSync(uploadsDir).filter((f) => !f.endsWith('.part'));
  } catch {
    return [];
  }
};

async function send(form: FormData) {
  const res = await fetch(`${base}/api/admin/products/upload-image`, {
    method: 'POST',
    body: form,
    headers: { cookie: admin.cookie, origin: TEST_ORIGIN },
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

function formWith(...files: Array<[field: string, data: Buffer, type: string]>) {
  const form = new FormData();
  for (const [field, data, type] of files) {
    form.append(field, new Blob([new Uint8Array(data)], { type }), 'photo.jpg');
  }
  return form;
}

/** A real photo-like JPEG of about 11.5 MB: noise does not compress. */
async function bigJpeg() {
  const jpeg = await sharp({
    create: {
      width: 3400,
      height: 3400,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 90 },
    },
  })
    .jpeg({ quality: 100, chromaSubsampling: '4:4:4' })
    .toBuffer();
  expect(jpeg.length).toBeGreaterThan(10 * 1024 * 1024);
  return jpeg;
}

describe('upload size limit over real HTTP', () => {
  it('refuses a 6.3 MB file with 413 every time, storing nothing', async () => {
    const before = stored();
    // A real JPEG padded to 6.3 MB: its first 5 MB decode fine, so a cut-off read is stored.
    const jpeg = await sharp(await makePng(320, 240))
      .jpeg()
      .toBuffer();
    const big = Buffer.concat([jpeg, Buffer.alloc(6.3 * 1024 * 1024 - jpeg.length)]);
    const statuses = [];
    for (let i = 0; i < 20; i += 1) {
      statuses.push((await send(formWith(['file', big, 'image/jpeg']))).status);
    }
    expect(statuses).toEqual(Array(20).fill(413));
    expect(stored()).toEqual(before);
  });

  it('refuses a real 11.5 MB JPEG with 413, not 400', async () => {
    const before = stored();
    const jpeg = await bigJpeg();
    for (let i = 0; i < 3; i += 1) {
      const res = await send(formWith(['file', jpeg, 'image/jpeg']));
      expect(res.status).toBe(413);
      expect(res.body).toMatchObject({ success: false, code: 'PAYLOAD_TOO_LARGE' });
    }
    expect(stored()).toEqual(before);
  });

  it('accepts a file of exactly 5 MB or less', async () => {
    const png = await makePng(200, 100);
    const res = await send(formWith(['file', png, 'image/png']));
    expect(res.status).toBe(200);
  });
});

describe('one file per upload', () => {
  it('refuses two files with 400 and stores neither', async () => {
    const before = stored();
    const png = await makePng();
    const res = await send(formWith(['file', png, 'image/png'], ['file', png, 'image/png']));
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, code: 'INVALID_INPUT' });
    expect(stored()).toEqual(before);
  });

  it('refuses three files with 400 too', async () => {
    const before = stored();
    const png = await makePng();
    const three = formWith(
      ['file', png, 'image/png'],
      ['file', png, 'image/png'],
      ['file', png, 'image/png'],
    );
    const res = await send(three);
    expect(res.status).toBe(400);
    expect(stored()).toEqual(before);
  });

  it('refuses a `file` and a `my_file` together', async () => {
    const before = stored();
    const png = await makePng();
    const res = await send(formWith(['my_file', png, 'image/png'], ['file', png, 'image/png']));
    expect(res.status).toBe(400);
    expect(stored()).toEqual(before);
  });

  it('accepts the original client’s field name `my_file`', async () => {
    const res = await send(formWith(['my_file', await makePng(), 'image/png']));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, result: { url: expect.any(String) } });
  });
});
