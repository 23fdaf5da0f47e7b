import { randomBytes } from 'node:crypto';
import { toSafeWebp } from './image-pipeline';
import type { MediaStorage, StoredObject } from './media.storage';

/** Uploaded and generated images: validated, re-encoded, stored under random names. */
export class MediaService {
  constructor(readonly storage: MediaStorage) {}

  /**
   * Validates and stores an upload (the demo seed's generated images go through here too);
   * throws 400/413/415 and stores nothing when it is not an image.
   */
  async uploadImage(input: Buffer): Promise<{ url: string }> {
    const webp = await toSafeWebp(input);
    return this.storeWebp(webp);
  }

  private async storeWebp(webp: Buffer) {
    const name = `${randomBytes(16).toString('hex')}.webp`;
    await this.storage.put(name, webp, 'image/webp');
    return { url: this.storage.urlFor(name) };
  }

  /** True for a URL this shop issued whose image still exists. */
  async isOwnImage(url: string): Promise<boolean> {
    const name = this.storage.nameFromUrl(url);
    return name !== undefined && (await this.storage.exists(name));
  }

  /** An image served at /uploads/<name>, or undefined. */
  async read(name: string): Promise<StoredObject | undefined> {
    return this.storage.get(name);
  }
}

/** Where uploads live and what an image's name looks like (the CSV import names images). */
export { IMAGE_NAME, UPLOADS_PATH } from './media.storage';
