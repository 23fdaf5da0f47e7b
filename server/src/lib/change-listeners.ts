/**
 * Who to tell when something changed: a service keeps one of these and calls `emit` after its
 * write has committed (read caches drop what they kept). Listeners run synchronously, in the
 * order they were added, before `emit` returns, so a reply never leaves ahead of its
 * invalidation.
 */
export class ChangeListeners<T = void> {
  private readonly listeners = new Set<(change: T) => void>();

  /** Adds a listener; the function returned removes it. */
  on(listener: (change: T) => void): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  emit(change: T): void {
    for (const listener of this.listeners) listener(change);
  }
}
