import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import { startPeriodicJob } from '../../server/src/lib/periodic-job';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A logger that keeps what was warned. */
function recordingLog() {
  const warned: { err: unknown; message: string }[] = [];
  const log = {
    warn: (fields: { err: unknown }, message: string) => warned.push({ ...fields, message }),
  } as unknown as FastifyBaseLogger;
  return { log, warned };
}

describe('startPeriodicJob', () => {
  it('runs one round at a time, the next only after the last has finished', async () => {
    const { log } = recordingLog();
    let running = 0;
    let most = 0;
    let rounds = 0;
    const job = startPeriodicJob({
      every: 1,
      log,
      failure: 'round failed',
      round: async () => {
        running += 1;
        most = Math.max(most, running);
        await sleep(20);
        running -= 1;
        rounds += 1;
      },
    });
    await sleep(150);
    await job.stop();
    expect(rounds).toBeGreaterThan(2);
    expect(most).toBe(1);
  });

  it('stop waits for the round in flight and aborts its signal; no round starts after it', async () => {
    const { log } = recordingLog();
    let started = 0;
    let finished = 0;
    let sawAbort = false;
    const job = startPeriodicJob({
      every: 5,
      log,
      failure: 'round failed',
      round: async (signal) => {
        started += 1;
        await sleep(80);
        sawAbort = signal.aborted;
        finished += 1;
      },
    });
    await sleep(30);
    expect(started).toBe(1);
    await job.stop();
    expect(finished).toBe(1);
    expect(sawAbort).toBe(true);
    await sleep(50);
    expect(started).toBe(1);
  });

  it('logs a failed round with its error and runs the next as usual', async () => {
    const { log, warned } = recordingLog();
    let rounds = 0;
    const job = startPeriodicJob({
      every: 5,
      log,
      failure: 'clean-up failed; retrying next round',
      round: async () => {
        rounds += 1;
        if (rounds === 1) throw new Error('database away');
      },
    });
    await expect.poll(() => rounds, { timeout: 2000 }).toBeGreaterThan(1);
    await job.stop();
    expect(warned).toHaveLength(1);
    expect(warned[0]).toEqual({
      message: 'clean-up failed; retrying next round',
      err: new Error('database away'),
    });
  });

  it('waits `every` before the first round, and asks a schedule function each time', async () => {
    const { log } = recordingLog();
    const asked: Date[] = [];
    let rounds = 0;
    const job = startPeriodicJob({
      every: (now) => {
        asked.push(now);
        return asked.length === 1 ? 60_000 : 1;
      },
      log,
      failure: 'round failed',
      round: async () => {
        rounds += 1;
      },
    });
    await sleep(30);
    expect(rounds).toBe(0);
    expect(asked).toHaveLength(1);
    await job.stop();
  });
});
