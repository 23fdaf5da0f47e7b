import { isReadingAhead } from './read-ahead';

/**
 * A bounded read-through cache that is never stale: every change (this instance's writes, each
 * NOTIFY) invalidates, and a read that began before an invalidation never stores its answer.
 * `admitOnSecondRead` keeps one-off reads (most random listings) from costing memory and GC.
 */
export class ReadCache {
  // An answer, or its read under way: answers are kept bare, not in their settled promise, and
  // sized again when they go, which saves a promise and a size per entry of ~20,000.
  private readonly entries = new Map<string, unknown>();
  private readonly readSince = new Set<string>();
  private bytes = 0;
  private generation = 0;
  private readonly readOnce?: Set<string>;
  private readonly secondReadOnly?: (key: string) => boolean;
  private readonly secondReadWindow: number;
  private readonly sizeOf: (value: unknown) => number | undefined;
  private readonly groupOf?: (key: string) => string;
  // A lone key is stored bare, not in a Set: most groups (a product's page) have one.
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
      secondReadWindow?: number;
      sizeOf?: (value: unknown) => number | undefined;
      groupOf?: (key: string) => string;
      /** Read-ahead (read-ahead.ts) is answered but not kept unless this is set. */
      keepsReadsAhead?: boolean;
      /** For answers holding something outside the cache; called once a let-go answer has come. */
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

  /** `load` is told whether its answer will be kept: one that is not may take a cheaper form. */
  async get<T>(key: string, load: (kept: boolean) => Promise<T>): Promise<T> {
    const hit = this.entries.get(key);
    if (hit !== undefined) {
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
    // A real promise: a Drizzle query builder is a thenable that runs its query on every await.
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

  /** Reads under way of any key are not stored either. */
  invalidateWhere(matches: (key: string) => boolean) {
    this.generation += 1;
    for (const key of this.entries.keys()) {
      if (matches(key)) this.drop(key);
    }
  }

  /** Reads under way of any key are not stored either. */
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

  /** Does not count as a read for eviction. */
  has(key: string) {
    return this.entries.has(key);
  }

  get byteSize() {
    return this.bytes;
  }

  private keep(key: string, value: unknown) {
    this.entries.set(key, value);
    this.bytes += this.sizeOf(value) ?? 0;
    this.evict();
  }

  // A clock sweep, not moving each hit to the end: V8's Map keeps deleted entries in the bucket
  // chain, so a hot key re-set on every read slows each next read (decisions.md).
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
    if (entry !== undefined && !(entry instanceof Promise)) this.bytes -= this.sizeOf(entry) ?? 0;
  }

  private released(entry: unknown) {
    const release = this.release;
    if (!release) return;
    if (entry instanceof Promise) entry.then(release, () => {});
    else release(entry);
  }
}

function defaultSize(value: unknown) {
  if (typeof value === 'string') return value.length;
  if (value instanceof Uint8Array) return value.byteLength;
  return undefined;
}
