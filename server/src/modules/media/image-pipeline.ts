// sharp (~28 MB with libvips) loads on the first image, not with every server.
const loadSharp = () => import('sharp').then((m) => m.default);

import { AppError } from '../../lib/app-error';

export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
/** Longest side of a stored image; larger uploads are scaled down. */
export const MAX_SIDE = 1600;
/** 40 megapixels: a real photo fits, a decompression bomb (tiny file, huge canvas) does not. */
export const MAX_INPUT_PIXELS = 40_000_000;

// Decided by decoding, never by the file name or the client's content type.
const ACCEPTED = new Set(['jpeg', 'png', 'webp']);

const invalid = () => new AppError('INVALID_INPUT', 'file is damaged or not a complete image');
const unsupported = () =>
  new AppError('UNSUPPORTED_MEDIA_TYPE', 'file must be a JPEG, PNG, WebP or AVIF image');
const tooManyPixels = () =>
  new AppError('PAYLOAD_TOO_LARGE', 'image dimensions are too large (at most 40 megapixels)');

async function readFormat(input: Buffer) {
  const sharp = await loadSharp();
  try {
    return await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    // libvips cannot even identify it: text, HTML, a PDF, random bytes...
    throw unsupported();
  }
}

/**
 * Checks an upload is a real JPEG, PNG, WebP or AVIF image and re-encodes it to WebP:
 * metadata (EXIF, GPS, ICC comments) dropped, orientation applied, longest side bounded.
 */
export async function toSafeWebp(input: Buffer): Promise<Buffer> {
  const meta = await readFormat(input);
  const isAvif = meta.format === 'heif' && meta.compression === 'av1';
  if (!ACCEPTED.has(meta.format) && !isAvif) throw unsupported();
  const { width = 0, height = 0 } = meta;
  if (width * height > MAX_INPUT_PIXELS) throw tooManyPixels();
  const sharp = await loadSharp();
  try {
    return await sharp(input, {
      limitInputPixels: MAX_INPUT_PIXELS,
      failOn: 'truncated',
      animated: false,
      autoOrient: true,
    })
      .resize({ width: MAX_SIDE, height: MAX_SIDE, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82, effort: 4 })
      .toBuffer();
  } catch (error) {
    if (error instanceof Error && /pixel limit/i.test(error.message)) throw tooManyPixels();
    throw invalid();
  }
}
