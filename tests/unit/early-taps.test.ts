import vm from 'node:vm';
import { expect, it } from 'vitest';
import { earlyTapScript } from '../../server/src/page-shell/early-taps';

type Listener = (event: FakeEvent) => void;
type FakeEvent = {
  target: unknown;
  prevented: boolean;
  preventDefault(): void;
  stopPropagation(): void;
};

/** A control as the script sees it: what `closest` finds, and its form if any. */
const control = (props: Record<string, unknown> = {}) => {
  const self: Record<string, unknown> = { disabled: false, form: null, type: 'button', ...props };
  self.closest = () => self;
  return self;
};

function load() {
  const listeners = new Map<string, Listener>();
  const window: { __earlyTaps?: { taps: unknown[]; stop(): void } } = {};
  const document = {
    addEventListener: (type: string, fn: Listener) => listeners.set(type, fn),
    removeEventListener: (type: string) => listeners.delete(type),
  };
  vm.runInContext(earlyTapScript, vm.createContext({ document, window }));
  const tap = (target: unknown) => {
    const event: FakeEvent = {
      target,
      prevented: false,
      preventDefault() {
        this.prevented = true;
      },
      stopPropagation() {},
    };
    listeners.get('click')?.(event);
    return event.prevented;
  };
  return { window, tap, listening: () => listeners.has('click') };
}

it('holds taps on controls until the app takes them, once each, and stops when told', () => {
  const page = load();
  const menu = control();
  const addToCart = control();
  expect(page.tap(menu)).toBe(true);
  expect(page.tap(addToCart)).toBe(true);
  expect(page.tap(menu)).toBe(true);
  expect(page.window.__earlyTaps?.taps).toEqual([menu, addToCart]);
  page.window.__earlyTaps?.stop();
  expect(page.listening()).toBe(false);
});

it('leaves alone what works without code: links, a disabled control, a form posting as HTML', () => {
  const page = load();
  const link = { closest: () => null };
  const disabled = control({ disabled: true });
  const signIn = control({
    type: 'submit',
    form: { hasAttribute: (name: string) => name === 'action' },
  });
  for (const target of [link, disabled, signIn]) expect(page.tap(target)).toBe(false);
  expect(page.window.__earlyTaps?.taps).toEqual([]);
});

it('holds a choice (a size, a colour, a filter box) tapped on its box or on its label, as its box', () => {
  const page = load();
  const size = control({ tagName: 'INPUT', type: 'radio' });
  const filter = control({ tagName: 'INPUT', type: 'checkbox' });
  const colour = control({ tagName: 'INPUT', type: 'radio' });
  const colourLabel = control({ tagName: 'LABEL', control: colour });
  expect(page.tap(size)).toBe(true);
  expect(page.tap(colourLabel)).toBe(true);
  expect(page.tap(filter)).toBe(true);
  expect(page.window.__earlyTaps?.taps).toEqual([size, colour, filter]);
});

it('leaves typing to the browser: a text box, its label, a label of nothing, a box of a form posting as HTML', () => {
  const page = load();
  const email = control({ tagName: 'INPUT', type: 'email' });
  const emailLabel = control({ tagName: 'LABEL', control: email });
  const loneLabel = control({ tagName: 'LABEL', control: null });
  const remember = control({
    tagName: 'INPUT',
    type: 'checkbox',
    form: { hasAttribute: (name: string) => name === 'action' },
  });
  for (const target of [email, emailLabel, loneLabel, remember]) {
    expect(page.tap(target)).toBe(false);
  }
  expect(page.window.__earlyTaps?.taps).toEqual([]);
});
