import type { SessionUser } from '@contract/auth';

type Entry = { user: SessionUser; expiresAt: number };

/**
 * Signed-in sessions held in memory so that most requests skip the database. Revocation stays
 * immediate: this instance forgets on logout, and every instance forgets on the database's
 * `session_revoked` (any change to a session row) / `user_changed` notifications
 * (migrations 0004, 0005).
 */
export class SessionCache {
  private readonly entries = new Map<string, Entry>();
  private generation = 0;

  constructor(private readonly maxEntries = 10_000) {}

  get(tokenHash: string): SessionUser | undefined {
    const entry = this.entries.get(tokenHash);
    if (!entry) return undefined;
    if (entry.expiresAt <= Date.now()) {
      this.entries.delete(tokenHash);
      return undefined;
    }
    return entry.user;
  }

  /** A token for `set`: a lookup that began before a revocation must not be stored. */
  begin() {
    return this.generation;
  }

  set(started: number, tokenHash: string, entry: Entry) {
    if (started !== this.generation) return;
    this.entries.set(tokenHash, entry);
    if (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
  }

  forgetSession(tokenHash: string) {
    this.generation += 1;
    this.entries.delete(tokenHash);
  }

  forgetUser(userId: string) {
    this.generation += 1;
    for (const [hash, entry] of this.entries) {
      if (entry.user.id === userId) this.entries.delete(hash);
    }
  }

  clear() {
    this.generation += 1;
    this.entries.clear();
  }
}
