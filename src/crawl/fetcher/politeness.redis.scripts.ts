/**
 * The scripts of a pair's politeness on Redis (politeness.redis.ts), built from the token bucket's
 * Lua fragments (platform/lib/token-bucket.ts) so a pair's rate on Redis is the `PairGate`'s bucket,
 * on the Redis server's clock. A pair is one hash: `tokens` and `at` (the bucket), `factor` (the
 * slowdown factor, a request's cost in tokens) and `until` (the end of its pause).
 */
import type { Redis } from 'ioredis';
import {
  LUA_BUCKET_AT,
  LUA_EXACT,
  LUA_HELD_UNTIL,
  LUA_SERVER_NOW,
  LUA_TAKE_FROM,
} from '../../platform/lib/token-bucket.ts';

/** The locals every pair script starts from. ARGV 1 to 3: tokens per second, burst, ms the hash is kept. */
const PAIR_STATE = `
${LUA_EXACT}
local rate = tonumber(ARGV[1])
local burst = tonumber(ARGV[2])
local ttl = tonumber(ARGV[3])
${LUA_SERVER_NOW}
local state = redis.call('HMGET', KEYS[1], 'tokens', 'at', 'factor', 'until')
local tokens = tonumber(state[1]) or burst
local at = tonumber(state[2]) or now
local factor = tonumber(state[3]) or 1
local untilMs = tonumber(state[4]) or 0`;

/**
 * ARGV: rate, burst, ttl, and 1 to take or 0 to look. While the pair is paused nothing is taken;
 * else a take of the slowdown factor's tokens. Answers [taken, ms to wait, factor, ms of pause left].
 */
const TAKE = `${PAIR_STATE}
local paused = math.max(0, untilMs - now)
if ARGV[4] ~= '1' or paused > 0 then return { 0, exact(paused), exact(factor), exact(paused) } end
local cost = factor
${LUA_BUCKET_AT}
${LUA_TAKE_FROM}
redis.call('HSET', KEYS[1], 'tokens', exact(tokens), 'at', exact(at))
redis.call('PEXPIRE', KEYS[1], ttl)
return { allowed, exact(wait), exact(factor), '0' }`;

/**
 * ARGV: rate, burst, ttl, factor multiplier, largest factor, pause in ms (0 for none). Scales the
 * factor within [1, largest]; a pause that ends later than the current one replaces it and holds
 * the bucket until then. Answers [factor, ms of pause left].
 */
const LEARN = `${PAIR_STATE}
factor = math.max(1, math.min(tonumber(ARGV[5]), factor * tonumber(ARGV[4])))
redis.call('HSET', KEYS[1], 'factor', exact(factor))
local pauseMs = tonumber(ARGV[6])
if pauseMs > 0 and now + pauseMs > untilMs then
  untilMs = now + pauseMs
  local cost = factor
  ${LUA_BUCKET_AT}
  ${LUA_HELD_UNTIL}
  redis.call('HSET', KEYS[1], 'tokens', exact(tokens), 'at', exact(at), 'until', exact(untilMs))
end
redis.call('PEXPIRE', KEYS[1], ttl)
return { exact(factor), exact(math.max(0, untilMs - now)) }`;

type Arg = string | number;
/** The pair scripts as calls: arguments after the key as each script's comment lists them. */
export interface PairScripts {
  take(key: string, ...args: Arg[]): Promise<[number, string, string, string]>;
  learn(key: string, ...args: Arg[]): Promise<[string, string]>;
}

/** The two scripts as commands of `redis` (ioredis sends them by SHA and loads them on NOSCRIPT). */
export function pairScripts(redis: Redis): PairScripts {
  const client = redis as Redis & { pricecrawlPairTake?: unknown; pricecrawlPairLearn?: unknown };
  if (!client.pricecrawlPairTake) {
    redis.defineCommand('pricecrawlPairTake', { numberOfKeys: 1, lua: TAKE });
    redis.defineCommand('pricecrawlPairLearn', { numberOfKeys: 1, lua: LEARN });
  }
  const commands = client as unknown as {
    pricecrawlPairTake: PairScripts['take'];
    pricecrawlPairLearn: PairScripts['learn'];
  };
  return {
    take: (key, ...args) => commands.pricecrawlPairTake(key, ...args),
    learn: (key, ...args) => commands.pricecrawlPairLearn(key, ...args),
  };
}
