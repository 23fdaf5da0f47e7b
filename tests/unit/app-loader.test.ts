import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import { appLoaderScript } from '../../server/src/page-shell/app-loader';

const modules = ['/assets/entry.js', ...Array.from({ length: 8 }, (_, i) => `/assets/m${i}.js`)];

/**
 * Runs the loader against a stand-in document that records what it does: the import, each
 * modulepreload link with the task it was added in, and the frames and timers it asks for.
 * Timers and frames run only when `step` is called, one queued callback per step, as the
 * browser runs one task at a time.
 */
function runLoader(visibilityState: 'visible' | 'hidden', reportsPaints = false) {
  const log: string[] = [];
  const observers: { callback: (list: PaintList) => void; disconnected: boolean }[] = [];
  const queue: (() => void)[] = [];
  let task = 0;
  const links: { href: string; rel: string; crossOrigin: string; task: number }[] = [];
  const document = {
    visibilityState,
    getElementById: (id: string) =>
      id === 'app-modules' ? { textContent: JSON.stringify(modules) } : null,
    createElement: () => ({ rel: '', crossOrigin: null as string | null, href: '' }),
    head: {
      appendChild: (link: { rel: string; crossOrigin: string; href: string }) => {
        links.push({ ...link, task });
      },
    },
  };
  /** The browser's PerformanceObserver, where it reports paints. */
  class PerformanceObserver {
    static supportedEntryTypes = reportsPaints ? ['paint', 'resource'] : ['resource'];
    readonly entry: { callback: (list: PaintList) => void; disconnected: boolean };
    constructor(callback: (list: PaintList) => void) {
      this.entry = { callback, disconnected: false };
    }
    observe(options: { type: string; buffered: boolean }) {
      expect(options).toEqual({ type: 'paint', buffered: true });
      log.push('observe paints');
      observers.push(this.entry);
    }
    disconnect() {
      this.entry.disconnected = true;
    }
  }
  const context = vm.createContext({
    document,
    window: { PerformanceObserver },
    JSON,
    requestAnimationFrame: (fn: () => void) => {
      log.push('frame');
      queue.push(fn);
    },
    setTimeout: (fn: () => void) => {
      log.push('timeout');
      queue.push(fn);
    },
    // Dynamic import cannot run in a bare vm context: the loader's one call is renamed.
    __import: (url: string) => {
      log.push(`import ${url}`);
      return Promise.resolve();
    },
  });
  expect(appLoaderScript.split('import(m[0])')).toHaveLength(2);
  vm.runInContext(appLoaderScript.replace('import(m[0])', '__import(m[0])'), context);
  const step = () => {
    task++;
    queue.shift()?.();
  };
  /** The browser reports a paint (its entries' names) to the observers still listening. */
  const paint = (...names: string[]) => {
    for (const o of observers.filter((o) => !o.disconnected)) {
      o.callback({ getEntriesByName: (name) => names.filter((n) => n === name) });
    }
  };
  return { log, links, step, paint, pending: () => queue.length };
}

type PaintList = { getEntriesByName: (name: string) => string[] };

describe('the app loader', () => {
  it('where paints are not reported, waits for the first frame, imports the entry, then names the other modules three per task', () => {
    const loader = runLoader('visible');
    expect(loader.log).toEqual(['frame']); // nothing before the page is on screen
    expect(loader.links).toEqual([]);
    loader.step(); // the frame
    expect(loader.log).toEqual(['frame', 'timeout']);
    expect(loader.links).toEqual([]);
    loader.step(); // the task after it
    expect(loader.log[2]).toBe(`import ${modules[0]}`);
    while (loader.pending() > 0) loader.step();

    expect(loader.links.map((l) => l.href)).toEqual(modules.slice(1));
    expect(loader.links.every((l) => l.rel === 'modulepreload' && l.crossOrigin === '')).toBe(true);
    const perTask = new Map<number, number>();
    for (const link of loader.links) perTask.set(link.task, (perTask.get(link.task) ?? 0) + 1);
    expect([...perTask.values()]).toEqual([3, 3, 2]);
  });

  it('where the browser reports paints, waits for the first contentful paint, not only a frame', () => {
    const loader = runLoader('visible', true);
    expect(loader.log).toEqual(['observe paints', 'timeout']); // and a second at most
    loader.paint('first-paint');
    expect(loader.log).toEqual(['observe paints', 'timeout']);
    loader.paint('first-contentful-paint');
    expect(loader.log).toEqual(['observe paints', 'timeout', 'timeout']);
    loader.paint('first-contentful-paint'); // disconnected: heard once
    loader.step(); // the second's timer, still queued first: starts the app after a task
    loader.step();
    expect(loader.log.filter((l) => l.startsWith('import'))).toEqual([`import ${modules[0]}`]);
    while (loader.pending() > 0) loader.step();
    expect(loader.links.map((l) => l.href)).toEqual(modules.slice(1));
    expect(loader.log.filter((l) => l.startsWith('import'))).toHaveLength(1); // started once
  });

  it('starts after a second when no contentful paint is reported', () => {
    const loader = runLoader('visible', true);
    loader.step(); // the second's timer
    loader.step();
    expect(loader.log).toContain(`import ${modules[0]}`);
    loader.paint('first-contentful-paint'); // late: the app is not started twice
    while (loader.pending() > 0) loader.step();
    expect(loader.log.filter((l) => l.startsWith('import'))).toHaveLength(1);
    expect(loader.links.map((l) => l.href)).toEqual(modules.slice(1));
  });

  it('in a hidden tab starts at once and names every module in one go', () => {
    const loader = runLoader('hidden');
    expect(loader.log).toEqual([`import ${modules[0]}`]);
    expect(loader.links.map((l) => l.href)).toEqual(modules.slice(1));
    expect(loader.pending()).toBe(0); // no timer: a background tab runs them once a second
  });
});
