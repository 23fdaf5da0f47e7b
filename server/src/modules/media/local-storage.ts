import { createReadStream } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  IMAGE_NAME,
  type MediaStorage,
  nameFromPrefixedUrl,
  type StoredObject,
  UPLOADS_PATH,
} from './media.storage';

/** Images as files under DATA_DIR/uploads, served by the shop at /uploads/<name>. */
export class LocalStorage implements MediaStorage {
  readonly kind = 'local';

  constructor(
    private readonly dir: string,
    /** The shop's own absolute origin: absolute forms of its URLs are recognised too. */
    private readonly publicUrl: string,
  ) {}

  private pathOf(name: string) {
    // Names are validated before they reach the file system: no traversal possible.
    if (!IMAGE_NAME.test(name)) throw new Error(`invalid object name: ${name}`);
    return path.join(this.dir, name);
  }

  async put(name: string, data: Buffer) {
    const target = this.pathOf(name);
    await mkdir(this.dir, { recursive: true });
    // Write then rename, so a reader never sees half a file.
    const partial = `${target}.${process.pid}.part`;
    await writeFile(partial, data);
    await rename(partial, target);
  }

  async get(name: string): Promise<StoredObject | undefined> {
    if (!IMAGE_NAME.test(name)) return undefined;
    const file = this.pathOf(name);
    const info = await stat(file).catch(() => undefined);
    if (!info?.isFile()) return undefined;
    return { body: createReadStream(file), length: info.size };
  }

  async exists(name: string) {
    if (!IMAGE_NAME.test(name)) return false;
    const info = await stat(this.pathOf(name)).catch(() => undefined);
    return Boolean(info?.isFile());
  }

  async delete(name: string) {
    await rm(this.pathOf(name), { force: true });
  }

  urlFor(name: string) {
    return `${UPLOADS_PATH}${name}`;
  }

  nameFromUrl(url: string) {
    return nameFromPrefixedUrl(url, [UPLOADS_PATH, `${this.publicUrl}${UPLOADS_PATH}`]);
  }
}
