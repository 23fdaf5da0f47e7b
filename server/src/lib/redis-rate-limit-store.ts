import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Redis } from 'ioredis';

const RATE_LIMIT_PREFIX = 'shop-rl:';

// One round trip; a counter that lost its expiry gets one again, or it would limit for good.
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

// Not the library's Redis store: it joins namespace, method and url with no separator, and a
// `createRateLimit` limiter has no route, so its keys read `...-undefinedundefined-auth-ip:…`.
export function redisRateLimitStore(redis: Redis): FastifyRateLimitStoreCtor {
  class RedisRateLimitStore implements FastifyRateLimitStore {
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
