import { closeSync, mkdirSync, openSync, read, unlinkSync, write } from 'node:fs';
import path from 'node:path';

/** Where a kept byte string lies in the file: `size` bytes at `offset`, in a slot of `room`. */
export type Slot = {
  readonly offset: number;
  readonly size: number;
  readonly room: number;
  /** Given back (`release`): its bytes are no longer those written. */
  released?: boolean;
};

/** Slots come in steps of this many bytes, so that a freed slot fits the next one like it. */
const STEP = 1024;

/**
 * Byte strings kept in a file of their own rather than in the process: the operating system's
 * page cache holds the ones read often (shared with every process, given back under pressure),
 * the server's memory only where each lies. A slot is `size` rounded up to a KiB; a freed one
 * goes to the next write of its room (or of a smaller one), so the file stays near the bytes
 * kept, and it never grows past `maxBytes` (a write that finds no room answers null).
 * A slot freed while reads of it are under way is given out again only once they are done.
 * The file is unlinked as soon as it is open: nothing of it outlives the process, killed or not.
 */
export class BytesFile {
  private end = 0;
  /** Free slots by room. */
  private readonly free = new Map<number, number[]>();
  /** Reads under way by the number they were started as, oldest first. */
  private readonly reading = new Set<number>();
  private reads = 0;
  /** Slots freed while reads were under way, with the number of the next read then. */
  private readonly freedDuringReads: { slot: Slot; fromRead: number }[] = [];
  private closed = false;

  private constructor(
    private readonly fd: number,
    private readonly maxBytes: number,
  ) {}

  static open(dir: string, maxBytes: number) {
    mkdirSync(dir, { recursive: true });
    const file = path.join(dir, `kept-${process.pid}-${Math.random().toString(36).slice(2)}`);
    const fd = openSync(file, 'w+', 0o600);
    unlinkSync(file);
    return new BytesFile(fd, maxBytes);
  }

  /** Keeps `bytes`; null when the file has no room for them. */
  async write(bytes: Uint8Array): Promise<Slot | null> {
    const slot = this.closed ? null : this.allocate(bytes.byteLength);
    if (!slot) return null;
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
    }
  }

  /** The bytes kept in `slot`; null when it was given back before the read began. */
  async read(slot: Slot): Promise<Buffer | null> {
    if (slot.released || this.closed) return null;
    const id = this.reads++;
    this.reading.add(id);
    try {
      const buffer = Buffer.allocUnsafe(slot.size);
      const got = await new Promise<number>((resolve, reject) =>
        read(this.fd, buffer, 0, slot.size, slot.offset, (error, bytesRead) =>
          error ? reject(error) : resolve(bytesRead),
        ),
      );
      if (got !== slot.size) throw new Error(`read ${got} of ${slot.size} kept bytes`);
      return buffer;
    } finally {
      this.reading.delete(id);
      this.reclaim();
    }
  }

  /** Gives `slot` back: its bytes may be overwritten once no read begun before now is under way. */
  release(slot: Slot) {
    if (slot.released) return;
    slot.released = true;
    if (this.reading.size === 0) this.addFree(slot);
    else this.freedDuringReads.push({ slot, fromRead: this.reads });
  }

  /** Bytes of the file (slots in use and free). */
  get fileBytes() {
    return this.end;
  }

  close() {
    if (this.closed) return;
    this.closed = true;
    closeSync(this.fd);
  }

  private allocate(size: number): Slot | null {
    const room = Math.max(STEP, Math.ceil(size / STEP) * STEP);
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

  private addFree(slot: Slot) {
    const offsets = this.free.get(slot.room);
    if (offsets) offsets.push(slot.offset);
    else this.free.set(slot.room, [slot.offset]);
  }

  /** Frees the slots that no read under way began before. */
  private reclaim() {
    const oldest = this.reading.values().next().value ?? this.reads;
    while (this.freedDuringReads.length > 0 && this.freedDuringReads[0]!.fromRead <= oldest) {
      this.addFree(this.freedDuringReads.shift()!.slot);
    }
  }
}
