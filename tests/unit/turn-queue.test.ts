import { describe, expect, it } from 'vitest';
import { skipped, TurnQueue } from '../../server/src/lib/turn-queue';

const later = <T>(value: T, ms = 10) =>
  new Promise<T>((resolve) => setTimeout(() => resolve(value), ms));

describe('TurnQueue', () => {
  it('runs at most its limit at once, and the rest in the order they came', async () => {
    const queue = new TurnQueue(2, 1000);
    let running = 0;
    let most = 0;
    const started: number[] = [];
    const task = (n: number) => async () => {
      started.push(n);
      running += 1;
      most = Math.max(most, running);
      await later(null);
      running -= 1;
      return n;
    };
    const results = await Promise.all([1, 2, 3, 4, 5].map((n) => queue.run(task(n))));
    expect(results).toEqual([1, 2, 3, 4, 5]);
    expect(started).toEqual([1, 2, 3, 4, 5]);
    expect(most).toBe(2);
    expect(queue.queued).toBe(0);
  });

  it('skips a task that waited too long, and gives its place to none', async () => {
    const queue = new TurnQueue(1, 30);
    const slow = queue.run(() => later('slow', 100));
    const waited = queue.run(async () => 'never');
    expect(await waited).toBe(skipped);
    expect(queue.queued).toBe(0);
    expect(await slow).toBe('slow');
    // The place is free again.
    expect(await queue.run(async () => 'next')).toBe('next');
  });

  it('frees the place of a task that failed', async () => {
    const queue = new TurnQueue(1, 1000);
    const failed = queue.run(async () => {
      throw new Error('render failed');
    });
    const next = queue.run(async () => 'ran');
    await expect(failed).rejects.toThrow('render failed');
    expect(await next).toBe('ran');
  });
});
