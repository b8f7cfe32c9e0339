import net from "node:net";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { freshDatabase } from "../test/harness.js";
import { createRedisRateLimiter, createSqlRateLimiter, type RateLimiter } from "./rate-limit.js";

const REDIS_URL = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";
const redisUp = await new Promise<boolean>((resolve) => {
  const { hostname, port } = new URL(REDIS_URL);
  const socket = net.connect(Number(port || 6379), hostname);
  socket.once("connect", () => resolve(socket.end() && true));
  socket.once("error", () => resolve(false));
});
if (!redisUp && process.env.CI === "true") throw new Error(`CI needs Redis at ${REDIS_URL} for the rate-limit tests`);

let db: Awaited<ReturnType<typeof freshDatabase>>;
let clock = new Date("2026-11-23T00:00:00Z");
beforeAll(async () => {
  db = await freshDatabase();
  await db.database.migrate();
});
afterAll(() => db.dispose());

/** 50 hits at once on one key: every count from 1 to 50 exactly once (no two saw the same slot). */
async function concurrentHits(limiter: RateLimiter, key: string) {
  const hits = await Promise.all(Array.from({ length: 50 }, () => limiter.hit(key, 60)));
  return hits.map((h) => h.hits).sort((a, b) => a - b);
}
const oneToFifty = Array.from({ length: 50 }, (_, i) => i + 1);

describe("rate counters", () => {
  test("database: concurrent hits count each once; the window ends and starts again at 1", async () => {
    const limiter = createSqlRateLimiter(db.database.db, () => clock);
    expect(await concurrentHits(limiter, "test:sql")).toEqual(oneToFifty);
    expect((await limiter.hit("test:sql", 60)).resetInSeconds).toBe(60);
    clock = new Date(clock.getTime() + 61_000);
    expect(await limiter.hit("test:sql", 60)).toEqual({ hits: 1, resetInSeconds: 60 });
  });

  test.runIf(redisUp)("Redis: concurrent hits count each once, the key always expires", async () => {
    const redis = new Redis(REDIS_URL);
    const key = `test:redis:${process.pid}:${Date.now()}`;
    try {
      const limiter = createRedisRateLimiter(redis, createSqlRateLimiter(db.database.db), "shop:test:");
      expect(await concurrentHits(limiter, key)).toEqual(oneToFifty);
      const ttl = await redis.pttl(`shop:test:${key}`);
      expect(ttl).toBeGreaterThan(0);
      expect(ttl).toBeLessThanOrEqual(60_000);
    } finally {
      await redis.del(`shop:test:${key}`);
      redis.disconnect();
    }
  });

  test("Redis unreachable: the database counts instead (an SMS limit never fails open)", async () => {
    const dead = new Redis("redis://127.0.0.1:1", { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
    dead.on("error", () => undefined);
    const limiter = createRedisRateLimiter(
      dead,
      createSqlRateLimiter(db.database.db, () => clock),
    );
    expect((await limiter.hit("test:fallback", 60)).hits).toBe(1);
    expect((await limiter.hit("test:fallback", 60)).hits).toBe(2);
    dead.disconnect();
  });
});
