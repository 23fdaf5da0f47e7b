import { isReadingAhead } from './read-ahead';

/**
 * A bounded read-through cache that is never stale: `invalidate()` drops everything and
 * `invalidateWhere()` the keys a change touched (called on every catalogue NOTIFY, and by this
 * instance after each of its own writes), and a read that began before any invalidation never
 * stores its (possibly old) answer. It holds at most `maxEntries` answers and, counting
 * string answers by length and byte answers by size, about `maxBytes`: the least recently
 * read go first, as a clock sweep tells them (evict).
 * With `admitOnSecondRead` (for the keys it accepts), an answer is kept only when its key was
 * read before (among the last `secondReadWindow` keys read once, `maxEntries` unless said): a
 * one-off read, such as most random listings, then costs no memory, and the garbage collector no
 * copying of an answer that would leave unread.
 * With `groupOf`, keys are filed by group, and `invalidateGroups()` drops whole groups without
 * looking at any other key (a sale drops one product's answers, not a scan of ten thousand).
 * A read ahead of demand (read-ahead.ts) is answered but not kept, unless `keepsReadsAhead`.
 */
export class ReadCache {
  /**
   * Each key's answer once it came (its size counted then), or the read under way. Answers are
   * kept as themselves, not in their settled promise, and sizes are asked of them again when
   * they go: a promise and a size entry less for each of the ~20,000 answers a large shop keeps.
   */
  private readonly entries = new Map<string, unknown>();
  /** Kept keys read since they came or since eviction last passed over them (evict). */
  private readonly readSince = new Set<string>();
  private bytes = 0;
  private generation = 0;
  /** Keys read once and not kept, oldest first (only when admitting on a second read). */
  private readonly readOnce?: Set<string>;
  private readonly secondReadOnly?: (key: string) => boolean;
  private readonly secondReadWindow: number;
  private readonly sizeOf: (value: unknown) => number | undefined;
  private readonly groupOf?: (key: string) => string;
  /** A group's keys: its lone key as itself (a product's page, mostly), more as a set. */
  private readonly groups = new Map<string, string | Set<string>>();
  private readonly keepsReadsAhead: boolean;
  private readonly release?: (value: unknown) => void;

  constructor(
    private readonly maxEntries = 2000,
    private readonly maxBytes = Number.POSITIVE_INFINITY,
    {
      admitOnSecondRead,
      secondReadWindow = maxEntries,
      sizeOf = defaultSize,
      groupOf,
      keepsReadsAhead = false,
      release,
    }: {
      admitOnSecondRead?: (key: string) => boolean;
      /** How many keys read once are remembered for `admitOnSecondRead`. */
      secondReadWindow?: number;
      /** An answer's size against `maxBytes` (undefined: not counted); strings and bytes by default. */
      sizeOf?: (value: unknown) => number | undefined;
      /** The group a key is filed in, for `invalidateGroups`. */
      groupOf?: (key: string) => string;
      /** Keep what a read ahead of demand loads (the cache of what is read ahead for). */
      keepsReadsAhead?: boolean;
      /**
       * Called with each answer the cache lets go of (dropped, pushed out, or read while a change
       * came), once it has come: for answers that hold something outside the cache.
       */
      release?: (value: unknown) => void;
    } = {},
  ) {
    this.sizeOf = sizeOf;
    this.release = release;
    this.groupOf = groupOf;
    this.keepsReadsAhead = keepsReadsAhead;
    this.secondReadWindow = secondReadWindow;
    if (admitOnSecondRead) {
      this.readOnce = new Set();
      this.secondReadOnly = admitOnSecondRead;
    }
  }

  /**
   * The answer for `key`, read through `load` on a miss. `load` is told whether its answer will
   * be kept: one that is not (a first read admitted on a second, a read ahead) may take a form
   * that is cheaper to make once than to keep.
   */
  async get<T>(key: string, load: (kept: boolean) => Promise<T>): Promise<T> {
    const hit = this.entries.get(key);
    if (hit !== undefined) {
      // Marked, not moved: eviction passes over it once (evict).
      this.readSince.add(key);
      return hit as T | Promise<T>;
    }
    if (!this.keepsReadsAhead && isReadingAhead()) return load(false);
    if (this.readOnce && this.secondReadOnly?.(key) && !this.readOnce.delete(key)) {
      this.readOnce.add(key);
      if (this.readOnce.size > this.secondReadWindow) {
        this.readOnce.delete(this.readOnce.values().next().value as string);
      }
      return load(false);
    }
    const started = this.generation;
    // A real promise even when `load` returns a thenable (a Drizzle query builder runs its
    // query again on every await: kept as is, every hit would be a database read).
    const pending = Promise.resolve(load(true));
    this.entries.set(key, pending);
    this.file(key);
    this.evict();
    try {
      const value = await pending;
      if (this.entries.get(key) === pending) {
        if (this.generation !== started) this.drop(key);
        // An answer of undefined stays in its promise (undefined is "not kept" in the map).
        else if (value !== undefined) this.keep(key, value);
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
    if (this.release) for (const entry of this.entries.values()) this.released(entry);
    this.entries.clear();
    this.readSince.clear();
    this.groups.clear();
    this.bytes = 0;
  }

  /** Drops the entries whose key matches; reads under way of any key are not stored. */
  invalidateWhere(matches: (key: string) => boolean) {
    this.generation += 1;
    for (const key of this.entries.keys()) {
      if (matches(key)) this.drop(key);
    }
  }

  /** Drops every entry of these groups (`groupOf`); reads under way of any key are not stored. */
  invalidateGroups(groups: Iterable<string>) {
    this.generation += 1;
    for (const group of groups) {
      const keys = this.groups.get(group);
      if (typeof keys === 'string') this.drop(keys);
      else if (keys) for (const key of [...keys]) this.drop(key);
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

  /** Files a read's answer in place of its promise (the same place in the order). */
  private keep(key: string, value: unknown) {
    this.entries.set(key, value);
    this.bytes += this.sizeOf(value) ?? 0;
    this.evict();
  }

  /**
   * Drops the oldest entries past the bounds by a clock sweep, as PostgreSQL evicts its shared
   * buffers: an entry read since it came or since the sweep last passed it goes to the end
   * instead, its mark taken. An exact LRU moved the entry on each read (delete, then set), and
   * V8's Map keeps a deleted entry in its bucket's chain until the table is rebuilt: a key read
   * again and again walked past every earlier copy of itself, ~50 µs a read among 20,000 kept
   * pages (17% of the server's CPU serving one product page to a crowd, docs/performance.md).
   * Now an entry moves at most once per pass of the sweep.
   */
  private evict() {
    while (this.entries.size > this.maxEntries || this.bytes > this.maxBytes) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) return;
      if (this.readSince.delete(oldest)) {
        const entry = this.entries.get(oldest);
        this.entries.delete(oldest);
        this.entries.set(oldest, entry);
      } else this.drop(oldest);
    }
  }

  private file(key: string) {
    if (!this.groupOf) return;
    const group = this.groupOf(key);
    const keys = this.groups.get(group);
    if (keys === undefined) this.groups.set(group, key);
    else if (typeof keys !== 'string') keys.add(key);
    else if (keys !== key) this.groups.set(group, new Set([keys, key]));
  }

  private drop(key: string) {
    const entry = this.entries.get(key);
    if (entry !== undefined) this.released(entry);
    this.readSince.delete(key);
    if (this.entries.delete(key) && this.groupOf) {
      const group = this.groupOf(key);
      const keys = this.groups.get(group);
      if (keys === key) this.groups.delete(group);
      else if (typeof keys === 'object') {
        keys.delete(key);
        if (keys.size === 0) this.groups.delete(group);
      }
    }
    // A read under way was not counted; an answer, by the size it was counted at.
    if (entry !== undefined && !(entry instanceof Promise)) this.bytes -= this.sizeOf(entry) ?? 0;
  }

  /** Hands an answer let go of to `release`: now, or once a read under way brings it. */
  private released(entry: unknown) {
    const release = this.release;
    if (!release) return;
    if (entry instanceof Promise) entry.then(release, () => {});
    else release(entry);
  }
}

/** String answers by length, byte answers by size; anything else is not counted. */
function defaultSize(value: unknown) {
  if (typeof value === 'string') return value.length;
  if (value instanceof Uint8Array) return value.byteLength;
  return undefined;
}
