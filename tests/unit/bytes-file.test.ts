import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { BytesFile } from '../../server/src/lib/bytes-file';
import { ReadCache } from '../../server/src/lib/read-cache';

const dirs: string[] = [];
const files: BytesFile[] = [];
function openFile(maxBytes = 1024 * 1024) {
  const dir = mkdtempSync(path.join(tmpdir(), 'bytes-file-'));
  dirs.push(dir);
  const file = BytesFile.open([dir], maxBytes);
  files.push(file);
  return { file, dir };
}
afterEach(() => {
  for (const file of files.splice(0)) file.close();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const bytes = (size: number, fill: number) => Buffer.alloc(size, fill);

describe('BytesFile', () => {
  it('gives back what was written, each string in a slot of its own', async () => {
    const { file } = openFile();
    const a = await file.write(bytes(5000, 1));
    const b = await file.write(bytes(700, 2));
    const c = await file.write(Buffer.from('<!doctype html><p>ünïcode</p>'));
    expect(a && b && c).toBeTruthy();
    expect(file.read(a!)).toEqual(bytes(5000, 1));
    expect(file.read(b!)).toEqual(bytes(700, 2));
    expect(file.read(c!)?.toString()).toBe('<!doctype html><p>ünïcode</p>');
    // Rooms in KiB steps, one after the other.
    expect([a!.room, b!.room, c!.room]).toEqual([5120, 1024, 1024]);
    expect(file.fileBytes).toBe(7168);
  });

  it('reads text back through its one buffer, of any size, in slots of the step asked', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'bytes-file-'));
    dirs.push(dir);
    const file = BytesFile.open([dir], 1024 * 1024, 256);
    files.push(file);
    const small = '{"title":"Café crème ✓ 🌿"}';
    const large = JSON.stringify({ description: 'ünïcode '.repeat(4000) });
    const a = await file.write(Buffer.from(small));
    const b = await file.write(Buffer.from(large));
    const c = await file.write(Buffer.from(small.toUpperCase()));
    // Rooms in steps of 256 bytes: the small string takes one.
    expect(a!.room).toBe(256);
    expect(file.readText(a!)).toBe(small);
    // Larger than the buffer it reads through (16 KB): read whole all the same.
    expect(b!.size).toBeGreaterThan(16 * 1024);
    expect(file.readText(b!)).toBe(large);
    // A read after a larger one is not left with the larger one's tail.
    expect(file.readText(c!)).toBe(small.toUpperCase());
    expect(file.readText(a!)).toBe(small);
    file.release(a!);
    expect(file.readText(a!)).toBeNull();
  });

  it('is made in the first directory where it can be, and says so', async () => {
    const { dir } = openFile();
    writeFileSync(path.join(dir, 'not-a-dir'), '');
    const fallback = path.join(dir, 'fallback');
    const file = BytesFile.open([path.join(dir, 'not-a-dir', 'pages'), fallback], 4096);
    files.push(file);
    expect(file.dir).toBe(fallback);
    expect(file.read((await file.write(bytes(10, 1)))!)).toEqual(bytes(10, 1));
    expect(() => BytesFile.open([path.join(dir, 'not-a-dir', 'pages')], 4096)).toThrow(/ENOTDIR/);
  });

  it('leaves nothing in its directory, even while open', async () => {
    const { file, dir } = openFile();
    await file.write(bytes(100, 1));
    expect(readdirSync(dir)).toEqual([]);
  });

  it('reuses a given-back slot for the next string of its room, and reads of the old one answer null', async () => {
    const { file } = openFile();
    const old = (await file.write(bytes(6000, 1)))!;
    file.release(old);
    expect(file.read(old)).toBeNull();
    const next = (await file.write(bytes(5500, 2)))!;
    expect(next.offset).toBe(old.offset);
    expect(file.fileBytes).toBe(6144);
    expect(file.read(next)).toEqual(bytes(5500, 2));
  });

  it('closes only after the writes under way, and takes none after', async () => {
    const { file } = openFile();
    const writing = file.write(bytes(4000, 6));
    file.close();
    // The write begun before the close lands in the file (its descriptor still open)...
    expect(await writing).toMatchObject({ offset: 0, size: 4000 });
    // ...and nothing is read or written once it is closed.
    expect(await file.write(bytes(10, 1))).toBeNull();
    expect(file.read((await writing)!)).toBeNull();
  });

  it('releases a slot once only, however often it is given back', async () => {
    const { file } = openFile();
    const slot = (await file.write(bytes(2000, 1)))!;
    file.release(slot);
    file.release(slot);
    const first = (await file.write(bytes(2000, 2)))!;
    const second = (await file.write(bytes(2000, 3)))!;
    expect(first.offset).toBe(slot.offset);
    expect(second.offset).not.toBe(slot.offset);
  });

  it('never grows past its size: a larger free slot is used whole, else there is no room', async () => {
    const { file } = openFile(4096);
    const big = (await file.write(bytes(3000, 1)))!;
    const small = (await file.write(bytes(1000, 2)))!;
    expect(await file.write(bytes(10, 3))).toBeNull();
    file.release(big);
    const inBig = (await file.write(bytes(500, 4)))!;
    expect(inBig).toMatchObject({ offset: big.offset, room: 3072 });
    expect(await file.write(bytes(500, 5))).toBeNull();
    expect(file.read(small)).toEqual(bytes(1000, 2));
    expect(file.fileBytes).toBe(4096);
  });
});

describe('ReadCache release', () => {
  it('lets go of every answer it drops, pushes out or was reading during a change', async () => {
    const released: string[] = [];
    const cache = new ReadCache(2, Number.POSITIVE_INFINITY, {
      release: (value) => released.push(value as string),
      groupOf: (key) => key.split(':')[0]!,
    });
    await cache.get('a:1', async () => 'a1');
    await cache.get('b:1', async () => 'b1');
    await cache.get('b:2', async () => 'b2'); // pushes out a:1
    await Promise.resolve();
    expect(released).toEqual(['a1']);
    cache.invalidateGroups(['b']);
    await Promise.resolve();
    expect(released.sort()).toEqual(['a1', 'b1', 'b2']);
    let finish!: (value: string) => void;
    const pending = cache.get('c:1', () => new Promise<string>((resolve) => (finish = resolve)));
    cache.invalidate();
    finish('c1');
    expect(await pending).toBe('c1');
    await Promise.resolve();
    expect(released).toContain('c1');
    expect(cache.size).toBe(0);
  });
});
