/** Work no socket waits for (simulator webhooks): shutdown waits for it before the pool ends. */
export class BackgroundWork {
  private readonly pending = new Set<Promise<void>>();

  get size() {
    return this.pending.size;
  }

  /** Its failure is its owner's to report. */
  track(work: Promise<unknown>) {
    const settled: Promise<void> = work
      .then(
        () => undefined,
        () => undefined,
      )
      .finally(() => this.pending.delete(settled));
    this.pending.add(settled);
  }
}
