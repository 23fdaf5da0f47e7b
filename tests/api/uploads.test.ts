import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePng, multipart } from '../factories/images';
import { makeUser, type TestUser } from '../factories/users';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
let admin: TestUser;
let uploadsDir: string;

beforeAll(async () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-uploads-'));
  uploadsDir = path.join(dataDir, 'uploads');
  t = await createTestApp({ DATA_DIR: dataDir });
  admin = await makeUser(t, { role: 'admin' });
});
afterAll(async () => t.close());

const stored = () => {
  try {
    return readdirSync(uploadsDir);
  } catch {
    return [];
  }
};

function upload(file: Buffer, options?: Parameters<typeof multipart>[1]) {
  const body = multipart(file, options);
  return t.app.inject({
    method: 'POST',
    url: '/api/admin/products/upload-image',
    payload: body.payload,
    headers: { ...body.headers, cookie: admin.cookie },
  });
}

/** A PNG that declares a huge canvas yet weighs kilobytes: a decompression bomb. */
function pngBomb(side: number) {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const byte of buf) c = (crcTable[(c ^ byte) & 0xff] ?? 0) ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), body.length + 4);
    return out;
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(side, 0);
  ihdr.writeUInt32BE(side, 4);
  ihdr.writeUInt8(1, 8); // 1-bit greyscale: one byte holds 8 pixels
  const rows = Buffer.alloc(side * (1 + Math.ceil(side / 8)));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('a real image', () => {
  it('is stored as WebP under a random name and served immutable, without metadata', async () => {
    const jpeg = await sharp(await makePng(320, 240))
      .jpeg()
      .withExif({ IFD0: { Copyright: 'secret-owner', Artist: 'Jane Doe' } })
      .toBuffer();
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();

    const res = await upload(jpeg, { filename: 'holiday.jpg', contentType: 'image/jpeg' });
    expect(res.statusCode).toBe(200);
    const { url } = res.json().result;
    // Absolute, from PUBLIC_URL: a client on another origin loads it as it is.
    expect(url).toMatch(/^http:\/\/localhost:5000\/uploads\/[0-9a-f]{32}\.webp$/);
    expect(url).not.toContain('holiday');

    const served = await t.app.inject({ method: 'GET', url: new URL(url).pathname });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(meta.icc).toBeUndefined();
    expect(served.rawPayload.includes(Buffer.from('secret-owner'))).toBe(false);
  });

  it('is scaled down so its longest side is at most 1600 px', async () => {
    const res = await upload(await makePng(3200, 1000));
    const served = await t.app.inject({
      method: 'GET',
      url: new URL(res.json().result.url).pathname,
    });
    const meta = await sharp(served.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([1600, 500]);
  });

  it.each([
    ['WebP', (b: Buffer) => sharp(b).webp().toBuffer()],
    ['AVIF', (b: Buffer) => sharp(b).avif().toBuffer()],
  ])('accepts %s', async (_name, encode) => {
    const res = await upload(await encode(await makePng()), { filename: 'x.bin' });
    expect(res.statusCode).toBe(200);
  });

  it('is refused to a signed-out visitor before it is read', async () => {
    const body = multipart(await makePng());
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/products/upload-image',
      ...body,
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('a bad upload is refused and nothing is stored', () => {
  const svg = Buffer.from(
    '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
  );
  const cases: Array<[string, () => Promise<Buffer> | Buffer, number]> = [
    ['an SVG renamed .png', () => svg, 415],
    ['a text file renamed .png', () => Buffer.from('just some text, not an image\n'), 415],
    ['a GIF (decodable, but not an accepted type)', () => sharp(svg).gif().toBuffer(), 415],
    [
      'a truncated PNG',
      async () => {
        const png = await sharp({
          create: {
            width: 400,
            height: 400,
            channels: 3,
            background: '#000000',
            noise: { type: 'gaussian', mean: 128, sigma: 60 },
          },
        })
          .png()
          .toBuffer();
        return png.subarray(0, Math.floor(png.length / 2));
      },
      400,
    ],
    ['a decompression bomb (20000 x 20000 px in a few KB)', () => pngBomb(20_000), 413],
    [
      'a file over 5 MB',
      () =>
        Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47]), Buffer.alloc(5 * 1024 * 1024 + 10)]),
      413,
    ],
    ['an empty file', () => Buffer.alloc(0), 415],
  ];
  it.each(cases)('%s', async (_name, make, status) => {
    const before = stored();
    const res = await upload(await make());
    expect(res.statusCode).toBe(status);
    expect(res.json()).toMatchObject({ success: false, message: expect.any(String) });
    expect(stored()).toEqual(before);
  });

  it('a request that is not multipart gets 415', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/products/upload-image',
      payload: { file: 'data:image/png;base64,AAAA' },
      headers: { cookie: admin.cookie },
    });
    expect(res.statusCode).toBe(415);
  });

  it.each([
    ['a body that is not multipart at all', 'multipart/form-data; boundary=XYZ', 'garbage'],
    ['a multipart type without a boundary', 'multipart/form-data', 'garbage'],
    [
      'a body cut off inside the file',
      'multipart/form-data; boundary=XYZ',
      '--XYZ\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\n\x89PNG',
    ],
  ])('%s gets 400, not 500', async (_name, contentType, payload) => {
    const before = stored();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/products/upload-image',
      payload,
      headers: { 'content-type': contentType, cookie: admin.cookie },
    });
    expect(res.statusCode).toBe(400);
    expect(stored()).toEqual(before);
  });

  it('a file under another field name gets 400', async () => {
    const before = stored();
    const res = await upload(await makePng(), { field: 'image' });
    expect(res.statusCode).toBe(400);
    expect(stored()).toEqual(before);
  });
});

describe('serving', () => {
  it.each([
    '/uploads/nope.webp',
    `/uploads/${'0'.repeat(32)}.webp`,
    '/uploads/..%2f..%2fpackage.json',
  ])('%s is a 404', async (url) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(404);
  });
});
