/** A fixed one-second window: enough to bound a cost, not to shape traffic. */
export class Allowance {
  private second = 0;
  private taken = 0;

  constructor(
    private readonly perSecond: number,
    private readonly now: () => number = Date.now,
  ) {}

  take(): boolean {
    const second = Math.floor(this.now() / 1000);
    if (second !== this.second) {
      this.second = second;
      this.taken = 0;
    }
    if (this.taken >= this.perSecond) return false;
    this.taken += 1;
    return true;
  }
}
