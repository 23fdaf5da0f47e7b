/** What the page's inline script (server/src/page-shell/early-taps.ts) held before the app ran. */
type EarlyTaps = { taps: HTMLElement[]; stop: () => void };

/** A held tap, and how to find its control again if React draws that part anew. */
type HeldTap = { control: HTMLElement; tag: string; label: string; index: number };

const POLL_MS = 50;
const GIVE_UP_MS = 10_000;

/** A control's name: its aria-label, else its label's text (a box), else its own text. */
const labelOf = (element: Element) =>
  element.getAttribute('aria-label') ??
  (element instanceof HTMLInputElement ? element.labels?.[0] : element)?.textContent?.trim() ??
  '';

/** The controls of the page with this tag and label, in document order. */
const alike = (tag: string, label: string) =>
  [...document.querySelectorAll<HTMLElement>(tag)].filter((e) => labelOf(e) === label);

/** React has hydrated (or drawn) this element: it holds its props (React DOM's own key). */
const isLive = (element: Element) =>
  Object.keys(element).some((key) => key.startsWith('__reactProps$'));

const pointer = (type: string): PointerEventInit & { type: string } => ({
  type,
  bubbles: true,
  cancelable: true,
  composed: true,
  button: 0,
  isPrimary: true,
  pointerType: 'mouse',
});

function tap(control: HTMLElement) {
  // Menus open on the press, buttons act on the click.
  for (const { type, ...init } of [pointer('pointerdown'), pointer('pointerup')]) {
    control.dispatchEvent(new PointerEvent(type, init));
  }
  control.click();
}

/**
 * Stops holding taps and makes each held one again, in order, once React has its control: a
 * part whose code comes later (the header's menus) hydrates then, or is drawn anew when the
 * session arrives first, in which case the same control (tag, label, place) is tapped.
 * Called once the page is hydrated (app-shell.tsx).
 */
export function replayEarlyTaps() {
  const holder = window as Window & { __earlyTaps?: EarlyTaps };
  const early = holder.__earlyTaps;
  if (!early) return;
  early.stop();
  holder.__earlyTaps = undefined;
  const held: HeldTap[] = early.taps
    .filter((control) => control.isConnected)
    .map((control) => {
      const tag = control.tagName.toLowerCase();
      const label = labelOf(control);
      return { control, tag, label, index: alike(tag, label).indexOf(control) };
    });
  const started = Date.now();
  const next = () => {
    while (held.length > 0) {
      const first = held[0] as HeldTap;
      const control = first.control.isConnected
        ? first.control
        : alike(first.tag, first.label)[first.index];
      if (!control || !isLive(control)) break;
      held.shift();
      tap(control);
    }
    if (held.length > 0 && Date.now() - started < GIVE_UP_MS) setTimeout(next, POLL_MS);
  };
  next();
}
