import etag from "@fastify/etag";
import type { FastifyInstance } from "fastify";
import { LRUCache } from "lru-cache";

declare module "fastify" {
  interface FastifyContextConfig {
    /** Public, shop-wide data: cached in memory, with ETag and Cache-Control. */
    publicCache?: boolean;
  }
}

export interface ResponseCache {
  /** Forget everything (called after any write to catalogue or content). */
  invalidate(): void;
  readonly size: number;
}

const CACHE_CONTROL = "public, max-age=60, stale-while-revalidate=300";

/**
 * Repeated public reads are answered from memory without touching the database. Entries live
 * 60 s at most (so stock states stay fresh) and are dropped at once by `invalidate()` on writes.
 * Across several instances each keeps its own cache; the TTL bounds how stale another's can be.
 */
export async function registerPublicCache(
  app: FastifyInstance,
  options: { max?: number; ttlMs?: number } = {},
): Promise<ResponseCache> {
  const cache = new LRUCache<string, string>({
    max: options.max ?? 2000,
    ttl: options.ttlMs ?? 60_000,
    maxSize: 64 * 1024 * 1024,
    sizeCalculation: (v) => v.length * 2 || 1,
  });
  await app.register(etag);

  app.addHook("onRequest", async (request, reply) => {
    if (request.method !== "GET" || !request.routeOptions.config?.publicCache) return;
    const hit = cache.get(request.url);
    if (hit === undefined) return;
    reply.header("cache-control", CACHE_CONTROL).header("x-cache", "hit").type("application/json; charset=utf-8");
    return reply.send(hit);
  });

  app.addHook("onSend", async (request, reply, payload) => {
    if (request.method !== "GET" || !request.routeOptions.config?.publicCache || reply.statusCode !== 200) return payload;
    reply.header("cache-control", CACHE_CONTROL);
    if (reply.getHeader("x-cache") !== "hit" && typeof payload === "string") {
      cache.set(request.url, payload);
      reply.header("x-cache", "miss");
    }
    return payload;
  });

  return {
    invalidate: () => cache.clear(),
    get size() {
      return cache.size;
    },
  };
}
