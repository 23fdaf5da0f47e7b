import { closeSync, mkdirSync, openSync, readSync, unlinkSync, write, writeSync } from 'node:fs';
import path from 'node:path';

export type Slot = {
  readonly offset: number;
  readonly size: number;
  readonly room: number;
  /** Its bytes may have been overwritten since. */
  released?: boolean;
};

// Slots come in fixed steps so that a freed slot fits the next one like it.
const STEP = 1024;

/**
 * Byte strings kept in a file so the OS page cache, not the heap, holds them. Reads are
 * synchronous (microseconds from the page cache; the thread pool would queue each hit behind
 * the event loop), so no read is under way when a slot is given back and it is free at once.
 */
export class BytesFile {
  private end = 0;
  private readonly free = new Map<number, number[]>();
  private closed = false;
  private scratch = Buffer.allocUnsafeSlow(16 * 1024);
  // The fd is closed only after the last write under way, so its number is not reused under one.
  private writing = 0;

  private constructor(
    private readonly fd: number,
    private readonly maxBytes: number,
    readonly dir: string,
    private readonly step = STEP,
  ) {}

  /** In the first of `dirs` that takes one; unlinked at once, so it never outlives the process. */
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

  /** Synchronous, so what is kept is readable the moment this returns. */
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

  read(slot: Slot): Buffer | null {
    if (slot.released || this.closed) return null;
    const buffer = Buffer.allocUnsafe(slot.size);
    const got = readSync(this.fd, buffer, 0, slot.size, slot.offset);
    if (got !== slot.size) throw new Error(`read ${got} of ${slot.size} kept bytes`);
    return buffer;
  }

  /** Through one reused buffer, so a listing's 24 product reads make no garbage. */
  readText(slot: Slot, start = 0, size = slot.size - start): string | null {
    if (slot.released || this.closed) return null;
    if (this.scratch.byteLength < size) this.scratch = Buffer.allocUnsafeSlow(size);
    const got = readSync(this.fd, this.scratch, 0, size, slot.offset + start);
    if (got !== size) throw new Error(`read ${got} of ${size} kept bytes`);
    return this.scratch.toString('utf8', 0, size);
  }

  release(slot: Slot) {
    if (slot.released) return;
    slot.released = true;
    const offsets = this.free.get(slot.room);
    if (offsets) offsets.push(slot.offset);
    else this.free.set(slot.room, [slot.offset]);
  }

  get fileBytes() {
    return this.end;
  }

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
    // Full: a larger free slot, whole (what it wastes comes back when it is freed).
    for (const [larger, offsets] of this.free) {
      const offset = larger > room ? offsets.pop() : undefined;
      if (offset !== undefined) return { offset, size, room: larger };
    }
    return null;
  }
}
