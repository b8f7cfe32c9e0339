import { sql } from "drizzle-orm";
import type { Redis } from "ioredis";
import type { Db } from "../db/client.js";
import { rateCounters } from "../db/schema/index.js";

/**
 * Fixed-window counters for limits that must hold under any concurrency (SMS codes per phone and
 * per address). Each hit is one atomic operation that counts and reads at once, so two requests
 * can never both see the last free slot (decision 30).
 */
export interface RateLimiter {
  /** Counts one hit on `key`; returns the hits in the current window and the seconds until it ends. */
  hit(key: string, windowSeconds: number): Promise<{ hits: number; resetInSeconds: number }>;
}

/** The database backend: one upsert … returning per hit (PGlite and PostgreSQL alike, shared by all instances). */
export function createSqlRateLimiter(db: Db, now: () => Date = () => new Date()): RateLimiter {
  return {
    async hit(key, windowSeconds) {
      const at = now();
      const ends = new Date(at.getTime() + windowSeconds * 1000);
      const expired = sql`${rateCounters.expiresAt} <= ${at}`;
      const [row] = await db
        .insert(rateCounters)
        .values({ key, hits: 1, expiresAt: ends })
        .onConflictDoUpdate({
          target: rateCounters.key,
          set: {
            hits: sql`case when ${expired} then 1 else ${rateCounters.hits} + 1 end`,
            expiresAt: sql`case when ${expired} then ${ends} else ${rateCounters.expiresAt} end`,
          },
        })
        .returning({ hits: rateCounters.hits, expiresAt: rateCounters.expiresAt });
      if (!row) throw new Error("rate counter upsert returned nothing");
      return { hits: row.hits, resetInSeconds: Math.max(1, Math.ceil((row.expiresAt.getTime() - at.getTime()) / 1000)) };
    },
  };
}

// INCR and PEXPIRE in one script: Redis runs it atomically, so a key never lives without its expiry.
const HIT_SCRIPT = `
local hits = redis.call('INCR', KEYS[1])
if hits == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return {hits, ttl}`;

/**
 * The Redis backend (REDIS_URL): one script per hit. When Redis cannot answer, the database
 * backend counts instead — an SMS limit must not fail open.
 */
export function createRedisRateLimiter(redis: Redis, fallback: RateLimiter, prefix = "shop:limit:"): RateLimiter {
  return {
    async hit(key, windowSeconds) {
      try {
        const [hits, ttl] = (await redis.eval(HIT_SCRIPT, 1, `${prefix}${key}`, String(windowSeconds * 1000))) as [
          number,
          number,
        ];
        return { hits, resetInSeconds: Math.max(1, Math.ceil(ttl / 1000)) };
      } catch {
        return fallback.hit(key, windowSeconds);
      }
    },
  };
}
