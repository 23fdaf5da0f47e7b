// Load through Debian's wrk (`apt-get install -y wrk`): a C generator with one thread sends
// several times what autocannon's JavaScript can on the same two cores, so a row measures the
// server, not the generator. Requests built in JavaScript (random listings, searches,
// pages, cart adds) are drawn beforehand into a pool that a Lua script walks in order.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Request } from './workloads';

export const hasWrk = () => spawnSync('wrk', ['-v']).error === undefined;

// Separators no request of the bench holds: between fields, and inside the headers.
const FIELD = '\t';
const PAIR = '\x1f';
const NAME = '\x1e';

const script = `
local pool = {}
local at = 1
init = function(args)
  for line in io.lines(os.getenv("WRK_POOL")) do
    local method, path, headers, body = line:match("^([^\\t]*)\\t([^\\t]*)\\t([^\\t]*)\\t(.*)$")
    local h = {}
    for name, value in headers:gmatch("([^\\31\\30]+)\\30([^\\31]*)") do h[name] = value end
    pool[#pool + 1] = wrk.format(method, path, h, body ~= "" and body or nil)
  end
  math.randomseed(os.time() + math.floor(os.clock() * 1000000))
  at = math.random(#pool)
end
request = function()
  at = at % #pool + 1
  return pool[at]
end
done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format('WRK_RESULT {"requests":%d,"us":%d,"p99":%d,"errors":%d}\\n',
    summary.requests, summary.duration, latency:percentile(99),
    e.connect + e.read + e.write + e.status + e.timeout))
end
`;

const line = ({ method, path: p, headers = {}, body = '' }: Request) =>
  [
    method,
    p,
    Object.entries(headers)
      .map(([name, value]) => `${name}${NAME}${value}`)
      .join(PAIR),
    body,
  ].join(FIELD);

export type WrkResult = { requests: number; rps: number; p99: number; errors: number };

/**
 * `seconds` of load on `url` from `connections` connections: one request, or `poolSize` drawn
 * from `next` and sent in turn from a random start (a sequence such as a page and its products'
 * read stays in order). p99 in ms; errors count failed connections and 4xx/5xx answers.
 */
export async function wrkLoad(
  url: string,
  options: {
    seconds: number;
    connections: number;
    headers?: Record<string, string>;
    next?: () => Request;
    poolSize?: number;
  },
): Promise<WrkResult> {
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-wrk-'));
  try {
    const base = new URL(url);
    const fixed: Request = {
      method: 'GET',
      path: `${base.pathname}${base.search}`,
      headers: options.headers,
    };
    const requests = options.next
      ? Array.from({ length: options.poolSize ?? 100_000 }, () => {
          const r = options.next!();
          return { ...r, headers: { ...options.headers, ...r.headers } };
        })
      : [fixed];
    writeFileSync(path.join(dir, 'pool.tsv'), `${requests.map(line).join('\n')}\n`);
    writeFileSync(path.join(dir, 'pool.lua'), script);
    const args = [
      '-t1',
      `-c${options.connections}`,
      `-d${options.seconds}s`,
      '--timeout',
      '10s',
      '-s',
      path.join(dir, 'pool.lua'),
      base.origin,
    ];
    const output = await new Promise<string>((resolve, reject) => {
      const child = spawn('wrk', args, {
        env: { ...process.env, WRK_POOL: path.join(dir, 'pool.tsv') },
      });
      let out = '';
      child.stdout.on('data', (chunk) => {
        out += chunk;
      });
      child.stderr.on('data', (chunk) => {
        out += chunk;
      });
      child.once('error', reject);
      child.once('exit', () => resolve(out));
    });
    const json = /WRK_RESULT (\{.*\})/.exec(output)?.[1];
    if (!json) throw new Error(`wrk gave no result:\n${output}`);
    const r = JSON.parse(json) as { requests: number; us: number; p99: number; errors: number };
    return {
      requests: r.requests,
      rps: Math.round(r.requests / (r.us / 1e6)),
      p99: Math.round(r.p99 / 1000),
      errors: r.errors,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
