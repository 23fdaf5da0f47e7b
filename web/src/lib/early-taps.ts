/** What the page's inline script (server/src/plugins/early-taps.ts) held before the app ran. */
type EarlyTaps = { taps: HTMLElement[]; stop: () => void };

const pointer = (type: string): PointerEventInit & { type: string } => ({
  type,
  bubbles: true,
  cancelable: true,
  composed: true,
  button: 0,
  isPrimary: true,
  pointerType: 'mouse',
});

/**
 * Stops holding taps and makes each held one again, as a pointer press and a click (menus open
 * on the press, buttons act on the click). Called once React has taken the page over: a tap
 * on a part it has not hydrated yet makes React hydrate that part first, then act on it.
 */
export function replayEarlyTaps() {
  const holder = window as Window & { __earlyTaps?: EarlyTaps };
  const early = holder.__earlyTaps;
  if (!early) return;
  early.stop();
  holder.__earlyTaps = undefined;
  for (const control of early.taps) {
    if (!control.isConnected) continue;
    for (const { type, ...init } of [pointer('pointerdown'), pointer('pointerup')]) {
      control.dispatchEvent(new PointerEvent(type, init));
    }
    control.click();
  }
}
