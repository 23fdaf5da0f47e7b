/**
 * A bounded read-through cache that is never stale: `invalidate()` drops everything and
 * `invalidateWhere()` the keys a change touched (called on every catalogue NOTIFY, and by this
 * instance after each of its own writes), and a read that began before any invalidation never
 * stores its (possibly old) answer.
 */
export class ReadCache {
  private readonly entries = new Map<string, Promise<unknown>>();
  private generation = 0;

  constructor(private readonly maxEntries = 2000) {}

  async get<T>(key: string, load: () => Promise<T>): Promise<T> {
    const hit = this.entries.get(key);
    if (hit) {
      // Refresh its place: the map's order is the eviction order.
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit as Promise<T>;
    }
    const started = this.generation;
    const pending = load();
    this.entries.set(key, pending);
    if (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    try {
      const value = await pending;
      if (this.generation !== started && this.entries.get(key) === pending) {
        this.entries.delete(key);
      }
      return value;
    } catch (error) {
      // Failures are not cached.
      if (this.entries.get(key) === pending) this.entries.delete(key);
      throw error;
    }
  }

  invalidate() {
    this.generation += 1;
    this.entries.clear();
  }

  /** Drops the entries whose key matches; reads under way of any key are not stored. */
  invalidateWhere(matches: (key: string) => boolean) {
    this.generation += 1;
    for (const key of this.entries.keys()) {
      if (matches(key)) this.entries.delete(key);
    }
  }

  get size() {
    return this.entries.size;
  }
}
