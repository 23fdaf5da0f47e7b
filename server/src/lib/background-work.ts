/**
 * Work the server started on its own and does not answer a socket for: a webhook the built-in
 * PayPal simulator sends a little after a payment, through app.inject. A shutdown waits until
 * none is left before it closes the app and then the pool, as it waits for requests in flight;
 * otherwise such work reaches the database after its pool has ended.
 */
export class BackgroundWork {
  private readonly pending = new Set<Promise<void>>();

  get size() {
    return this.pending.size;
  }

  /** Counts `work` until it settles; its failure is its owner's to report, not the tracker's. */
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
