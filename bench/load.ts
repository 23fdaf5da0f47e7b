// The bench's load on one server: wrk or autocannon, a warm-up, and the CPU each request cost.
import autocannon from 'autocannon';
import { cpuOf } from './server-process';
import type { Request } from './workloads';
import { wrkLoad } from './wrk';

/** The processes whose CPU a row's requests cost: the server, and PostgreSQL's when it runs. */
export type Measured = { server: number; postgres: boolean };

export function createLoad(options: {
  generator: string;
  duration: number;
  warmupSeconds: number;
  connections: number;
}) {
  const { generator, duration, warmupSeconds, connections } = options;
  let measured: Measured | undefined;

  const run = async (
    url: string,
    headers: Record<string, string>,
    next: (() => Request) | undefined,
    conns: number,
    seconds: number,
  ) => {
    if (generator === 'wrk') {
      return wrkLoad(url, {
        seconds,
        connections: conns,
        headers,
        next,
        poolSize: seconds > warmupSeconds ? 100_000 : 20_000,
      });
    }
    const requests = next
      ? [{ setupRequest: (req: object) => ({ ...req, ...next() }) }]
      : undefined;
    const result = await autocannon({
      url,
      connections: conns,
      headers,
      pipelining: 1,
      duration: seconds,
      ...(requests ? { requests } : {}),
    });
    return {
      requests: result.requests.total,
      rps: Math.round(result.requests.average),
      p99: result.latency.p99,
      errors: result.errors + result.timeouts + result.non2xx,
    };
  };

  /**
   * Load on one URL, or on a fresh request from `next()` for every request sent, after `warmup`
   * seconds of the same load; with the CPU the server (and PostgreSQL) spent per request.
   */
  const load = async (
    url: string,
    headers: Record<string, string> = {},
    next?: () => Request,
    conns = connections,
    warmup = warmupSeconds,
  ) => {
    // A server runs for days: what is measured is its steady state, not V8 compiling the
    // route's code and the caches filling in the first second (2-4k req/s against 10k after),
    // but for the row measured cold on purpose.
    if (warmup > 0) await run(url, headers, next, conns, warmup);
    const before = measured && cpuOf(measured);
    const r = await run(url, headers, next, conns, duration);
    const after = measured && cpuOf(measured);
    // Clock ticks are 10 ms: CPU microseconds per request.
    const perRequest = (ticks: number) => Math.round((ticks * 10_000) / Math.max(1, r.requests));
    return {
      rps: r.rps,
      p99: r.p99,
      errors: r.errors,
      ...(before && after
        ? {
            cpuUs: perRequest(after.server - before.server),
            ...(measured?.postgres
              ? { dbCpuUs: perRequest(ticksSince(before.postgres, after.postgres)) }
              : {}),
          }
        : {}),
    };
  };

  return {
    load,
    /** Whose CPU the next rows count (none: the bare ceiling); returns the former choice. */
    measure(next: Measured | undefined) {
      const former = measured;
      measured = next;
      return former;
    },
  };
}

/**
 * The ticks PostgreSQL's processes spent between two samples: a backend that started meanwhile
 * counts from zero, one that exited is not counted (its ticks went with it), never below zero.
 */
function ticksSince(before: Map<number, number>, after: Map<number, number>) {
  let ticks = 0;
  for (const [pid, now] of after) ticks += Math.max(0, now - (before.get(pid) ?? 0));
  return ticks;
}
