import { closeSync, mkdirSync, openSync, readSync, unlinkSync, write, writeSync } from 'node:fs';
import path from 'node:path';

/** Where a kept byte string lies in the file: `size` bytes at `offset`, in a slot of `room`. */
export type Slot = {
  readonly offset: number;
  readonly size: number;
  readonly room: number;
  /** Given back (`release`): its bytes are no longer those written. */
  released?: boolean;
};

/** Slots come in steps of this many bytes (unless told), so that a freed slot fits the next one like it. */
const STEP = 1024;

/**
 * Byte strings kept in a file of their own rather than in the process: the operating system's
 * page cache holds the ones read often (shared with every process, given back under pressure),
 * the server's memory only where each lies. A slot is `size` rounded up to a KiB; a freed one
 * goes to the next write of its room (or of a smaller one), so the file stays near the bytes
 * kept, and it never grows past `maxBytes` (a write that finds no room answers null).
 * Reads are synchronous, as nginx reads its cache files unless told otherwise: a kept page is
 * in the page cache nearly always, and a read of its ~7 KB from there takes microseconds, where
 * a trip through libuv's thread pool put each hit behind whatever else held the event loop (the
 * mixed page row on PGlite, whose writes run on it: 1,588 -> 1,125 req/s, p99 112 -> 178 ms).
 * So no read is ever under way when a slot is given back, and a slot is free at once.
 * The file is unlinked as soon as it is open: nothing of it outlives the process, killed or not.
 */
export class BytesFile {
  private end = 0;
  /** Free slots by room. */
  private readonly free = new Map<number, number[]>();
  private closed = false;
  private scratch = Buffer.allocUnsafeSlow(16 * 1024);
  /** Writes under way: the file is closed after the last (its number must not be reused under one). */
  private writing = 0;

  private constructor(
    private readonly fd: number,
    private readonly maxBytes: number,
    /** The directory the file was made in. */
    readonly dir: string,
    private readonly step = STEP,
  ) {}

  /**
   * A new file in the first of `dirs` where one can be made (made if missing); `step`: the
   * slots' granularity in bytes (smaller for small byte strings, so a slot wastes less).
   */
  static open(dirs: readonly string[], maxBytes: number, step = STEP) {
    let failure: unknown = new Error('no directory to keep bytes in');
    for (const dir of dirs) {
      try {
        mkdirSync(dir, { recursive: true });
        const file = path.join(dir, `kept-${process.pid}-${Math.random().toString(36).slice(2)}`);
        const fd = openSync(file, 'w+', 0o600);
        unlinkSync(file);
        return new BytesFile(fd, maxBytes, dir, step);
      } catch (error) {
        failure = error;
      }
    }
    throw failure;
  }

  /** Keeps `bytes`; null when the file has no room for them. */
  async write(bytes: Uint8Array): Promise<Slot | null> {
    const slot = this.closed ? null : this.allocate(bytes.byteLength);
    if (!slot) return null;
    this.writing += 1;
    try {
      await new Promise<void>((resolve, reject) =>
        write(this.fd, bytes, 0, bytes.byteLength, slot.offset, (error) =>
          error ? reject(error) : resolve(),
        ),
      );
      return slot;
    } catch (error) {
      this.release(slot);
      throw error;
    } finally {
      this.writing -= 1;
      if (this.closed && this.writing === 0) closeSync(this.fd);
    }
  }

  /**
   * Keeps `bytes` at once, with a synchronous write (into the page cache, microseconds for the
   * kilobyte of a product's JSON): what is kept is readable the moment this returns, as it was
   * when it was kept in memory. Null when the file has no room, is closed or the write failed.
   */
  writeNow(bytes: Uint8Array): Slot | null {
    const slot = this.closed ? null : this.allocate(bytes.byteLength);
    if (!slot) return null;
    try {
      const wrote = writeSync(this.fd, bytes, 0, bytes.byteLength, slot.offset);
      if (wrote === bytes.byteLength) return slot;
    } catch {}
    this.release(slot);
    return null;
  }

  /** The bytes kept in `slot`; null when it was given back. */
  read(slot: Slot): Buffer | null {
    if (slot.released || this.closed) return null;
    const buffer = Buffer.allocUnsafe(slot.size);
    const got = readSync(this.fd, buffer, 0, slot.size, slot.offset);
    if (got !== slot.size) throw new Error(`read ${got} of ${slot.size} kept bytes`);
    return buffer;
  }

  /**
   * The bytes kept in `slot` (or `size` of them from `start`) as UTF-8 text, read through one
   * buffer the file reuses (no buffer per read for the collector: a listing reads 24 products'
   * JSON); null when given back.
   */
  readText(slot: Slot, start = 0, size = slot.size - start): string | null {
    if (slot.released || this.closed) return null;
    if (this.scratch.byteLength < size) this.scratch = Buffer.allocUnsafeSlow(size);
    const got = readSync(this.fd, this.scratch, 0, size, slot.offset + start);
    if (got !== size) throw new Error(`read ${got} of ${size} kept bytes`);
    return this.scratch.toString('utf8', 0, size);
  }

  /** Gives `slot` back: its bytes may be overwritten by the next write. */
  release(slot: Slot) {
    if (slot.released) return;
    slot.released = true;
    const offsets = this.free.get(slot.room);
    if (offsets) offsets.push(slot.offset);
    else this.free.set(slot.room, [slot.offset]);
  }

  /** Bytes of the file (slots in use and free). */
  get fileBytes() {
    return this.end;
  }

  /** Takes no more; the file goes once the writes under way are done. */
  close() {
    if (this.closed) return;
    this.closed = true;
    if (this.writing === 0) closeSync(this.fd);
  }

  private allocate(size: number): Slot | null {
    const room = Math.max(this.step, Math.ceil(size / this.step) * this.step);
    const offset = this.free.get(room)?.pop();
    if (offset !== undefined) return { offset, size, room };
    if (this.end + room <= this.maxBytes) {
      const slot = { offset: this.end, size, room };
      this.end += room;
      return slot;
    }
    // The file is full: a larger free slot, whole (what it wastes is back when it is freed).
    for (const [larger, offsets] of this.free) {
      const offset = larger > room ? offsets.pop() : undefined;
      if (offset !== undefined) return { offset, size, room: larger };
    }
    return null;
  }
}
