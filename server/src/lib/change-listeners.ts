/** Listeners run synchronously before `emit` returns: no reply leaves ahead of invalidation. */
export class ChangeListeners<T = void> {
  private readonly listeners = new Set<(change: T) => void>();

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
