import { describe, expect, it } from 'vitest';
import { LoopLoad, type LoopTimes } from '../../server/src/lib/loop-load';

describe('LoopLoad', () => {
  it('gives the busy share of the last whole window, kept until the next has passed', () => {
    let times: LoopTimes = { idle: 0, active: 0 };
    const load = new LoopLoad(500, () => times);
    expect(load.current()).toBe(0);
    // An hour idle: the first read sees it.
    times = { idle: 3_600_000, active: 0 };
    expect(load.current()).toBe(0);
    // Then 400 ms of work and 100 idle: a whole window, four fifths busy.
    times = { idle: 3_600_100, active: 400 };
    expect(load.current()).toBeCloseTo(0.8);
    // 300 ms more, all of it busy: not yet a window, the last one's share stays.
    times = { idle: 3_600_100, active: 700 };
    expect(load.current()).toBeCloseTo(0.8);
    // Another 300 ms idle: the window since the last share (600 ms) was half busy.
    times = { idle: 3_600_400, active: 700 };
    expect(load.current()).toBeCloseTo(0.5);
  });

  it('reads the event loop by default', async () => {
    const load = new LoopLoad(20);
    const end = performance.now() + 40;
    while (performance.now() < end) {
      // busy: nothing to wait for
    }
    expect(load.current()).toBeGreaterThan(0.5);
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(load.current()).toBeLessThan(0.5);
  });
});
