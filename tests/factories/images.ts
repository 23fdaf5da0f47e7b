import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import type { TestApp } from '../helpers/test-app';
import type { TestUser } from './users';

/** A real PNG of the given size, with a colour gradient so it compresses like a photo. */
export async function makePng(width = 64, height = 48): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g"><stop offset="0" stop-color="#1e3a8a"/><stop offset="1" stop-color="#f59e0b"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** A multipart/form-data body with one file part, for app.inject. */
export function multipart(
  file: Buffer,
  { field = 'file', filename = 'photo.png', contentType = 'image/png' } = {},
) {
  const boundary = `----test${randomBytes(8).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\n` +
      `Content-Type: ${contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, file, tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** Uploads an image as the given admin and returns its URL. */
export async function uploadImage(t: TestApp, admin: TestUser, file?: Buffer): Promise<string> {
  const body = multipart(file ?? (await makePng()));
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/admin/products/upload-image',
    payload: body.payload,
    headers: { ...body.headers, cookie: admin.cookie },
  });
  if (res.statusCode !== 200) throw new Error(`upload failed: ${res.statusCode} ${res.body}`);
  return res.json().result.url as string;
}
