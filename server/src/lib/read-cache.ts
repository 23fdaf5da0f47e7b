/**
 * A bounded read-through cache that is never stale: `invalidate()` drops everything and
 * `invalidateWhere()` the keys a change touched (called on every catalogue NOTIFY, and by this
 * instance after each of its own writes), and a read that began before any invalidation never
 * stores its (possibly old) answer. It holds at most `maxEntries` answers and, counting
 * string answers by length and byte answers by size, about `maxBytes`: the least recently
 * read go first.
 * With `admitOnSecondRead` (for the keys it accepts), an answer is kept only when its key was
 * read before (among the last `maxEntries` keys read once): a one-off read, such as most random
 * listings, then costs no memory, and the garbage collector no copying of an answer that would
 * leave unread.
 */
export class ReadCache {
  private readonly entries = new Map<string, Promise<unknown>>();
  private readonly sizes = new Map<string, number>();
  private bytes = 0;
  private generation = 0;
  /** Keys read once and not kept, oldest first (only when admitting on a second read). */
  private readonly readOnce?: Set<string>;
  private readonly secondReadOnly?: (key: string) => boolean;
  private readonly sizeOf: (value: unknown) => number | undefined;

  constructor(
    private readonly maxEntries = 2000,
    private readonly maxBytes = Number.POSITIVE_INFINITY,
    {
      admitOnSecondRead,
      sizeOf = defaultSize,
    }: {
      admitOnSecondRead?: (key: string) => boolean;
      /** An answer's size against `maxBytes` (undefined: not counted); strings and bytes by default. */
      sizeOf?: (value: unknown) => number | undefined;
    } = {},
  ) {
    this.sizeOf = sizeOf;
    if (admitOnSecondRead) {
      this.readOnce = new Set();
      this.secondReadOnly = admitOnSecondRead;
    }
  }

  async get<T>(key: string, load: () => Promise<T>): Promise<T> {
    const hit = this.entries.get(key);
    if (hit) {
      // Refresh its place: the map's order is the eviction order.
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit as Promise<T>;
    }
    if (this.readOnce && this.secondReadOnly?.(key) && !this.readOnce.delete(key)) {
      this.readOnce.add(key);
      if (this.readOnce.size > this.maxEntries) {
        this.readOnce.delete(this.readOnce.values().next().value as string);
      }
      return load();
    }
    const started = this.generation;
    // A real promise even when `load` returns a thenable (a Drizzle query builder runs its
    // query again on every await: kept as is, every hit would be a database read).
    const pending = Promise.resolve(load());
    this.entries.set(key, pending);
    this.evict();
    try {
      const value = await pending;
      if (this.entries.get(key) === pending) {
        if (this.generation !== started) this.drop(key);
        else {
          const size = this.sizeOf(value);
          if (size !== undefined) this.count(key, size);
        }
      }
      return value;
    } catch (error) {
      // Failures are not cached.
      if (this.entries.get(key) === pending) this.drop(key);
      throw error;
    }
  }

  invalidate() {
    this.generation += 1;
    this.entries.clear();
    this.sizes.clear();
    this.bytes = 0;
  }

  /** Drops the entries whose key matches; reads under way of any key are not stored. */
  invalidateWhere(matches: (key: string) => boolean) {
    this.generation += 1;
    for (const key of this.entries.keys()) {
      if (matches(key)) this.drop(key);
    }
  }

  get size() {
    return this.entries.size;
  }

  /** Whether an answer for `key` is kept (or being read), without refreshing its place. */
  has(key: string) {
    return this.entries.has(key);
  }

  /** Bytes held by string and byte answers. */
  get byteSize() {
    return this.bytes;
  }

  private count(key: string, size: number) {
    this.sizes.set(key, size);
    this.bytes += size;
    this.evict();
  }

  private evict() {
    while (this.entries.size > this.maxEntries || this.bytes > this.maxBytes) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) return;
      this.drop(oldest);
    }
  }

  private drop(key: string) {
    this.entries.delete(key);
    this.bytes -= this.sizes.get(key) ?? 0;
    this.sizes.delete(key);
  }
}

/** String answers by length, byte answers by size; anything else is not counted. */
function defaultSize(value: unknown) {
  if (typeof value === 'string') return value.length;
  if (value instanceof Uint8Array) return value.byteLength;
  return undefined;
}
