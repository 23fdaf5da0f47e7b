import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Redis } from 'ioredis';

const RATE_LIMIT_PREFIX = 'shop-rl:';

// One call per attempt: count it, and start the window on the first (or on a counter that
// lost its expiry, which would otherwise limit for good). Answers the count and the ms left.
const COUNT = `
local current = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if current == 1 or ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {current, ttl}
`;

type Limit = { routeInfo?: { method?: string; url?: string } };

/**
 * @fastify/rate-limit's counters in Redis, shared by every instance, named
 * `shop-rl:<key>` for a limiter made by `createRateLimit` (its key names its budget, such as
 * `auth-ip:<address>`) and `shop-rl:<METHOD> <url>:<key>` for a route's own limit. The
 * library's Redis store joins its namespace, method and url with no separator, and a limiter
 * made by createRateLimit has no route: its keys read `shop-rl-undefinedundefined-auth-ip:…`.
 * Fixed windows, as the library's store without continueExceeding.
 */
export function redisRateLimitStore(redis: Redis): FastifyRateLimitStoreCtor {
  class RedisRateLimitStore implements FastifyRateLimitStore {
    // The library passes its options first; the prefix is this module's.
    constructor(
      _options?: unknown,
      private readonly prefix = RATE_LIMIT_PREFIX,
    ) {}

    incr(
      key: string,
      done: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ) {
      redis.eval(COUNT, 1, `${this.prefix}${key}`, timeWindow).then(
        (result) => {
          const [current, ttl] = result as [number, number];
          done(null, { current, ttl });
        },
        (error: Error) => done(error),
      );
    }

    child(options: unknown) {
      const route = (options as Limit).routeInfo;
      const prefix = route?.url ? `${this.prefix}${route.method} ${route.url}:` : this.prefix;
      return new RedisRateLimitStore(undefined, prefix);
    }
  }
  return RedisRateLimitStore;
}
