import { createHash } from "node:crypto";
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

/** The cache as the page loaders' in-process API calls read it (ssr-api.ts). */
export interface PublicCacheReader {
  /**
   * The cached answer to a GET of this URL (path and query as the request line has them), parsed
   * once per entry and deeply frozen: every page that reads it shares the one copy.
   */
  answer(url: string): unknown;
}

/** Freezes a parsed JSON value all the way down, so one copy can be handed to every reader. */
export function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

// A parsed answer takes several times its JSON's memory; counted so the size bound still holds.
const PARSED_WEIGHT = 4;
const MAX_BYTES = 64 * 1024 * 1024;

const CACHE_CONTROL = "public, max-age=60, stale-while-revalidate=300";

/**
 * Repeated public reads are answered from memory without touching the database. Entries live
 * 60 s at most (so stock states stay fresh) and are dropped at once by `invalidate()` on writes.
 * Across several instances each keeps its own cache; the TTL bounds how stale another's can be.
 */
export function registerPublicCache(
  app: FastifyInstance,
  options: { max?: number; ttlMs?: number } = {},
): ResponseCache & PublicCacheReader {
  const cache = new LRUCache<string, { body: string; etag: string; parsed?: unknown }>({
    max: options.max ?? 10_000,
    ttl: options.ttlMs ?? 60_000,
    maxSize: MAX_BYTES,
    sizeCalculation: (v) => (v.body.length * 2 || 1) * (v.parsed === undefined ? 1 : PARSED_WEIGHT),
  });
  const etagOf = (body: string) => `"${createHash("sha1").update(body).digest("base64url")}"`;

  app.addHook("onRequest", async (request, reply) => {
    if (request.method !== "GET" || !request.routeOptions.config?.publicCache) return;
    const hit = cache.get(request.url);
    if (hit === undefined) return;
    reply.header("cache-control", CACHE_CONTROL).header("etag", hit.etag).header("x-cache", "hit");
    if (request.headers["if-none-match"] === hit.etag) return reply.code(304).send();
    return reply.type("application/json; charset=utf-8").send(hit.body);
  });

  app.addHook("onSend", async (request, reply, payload) => {
    if (request.method !== "GET" || !request.routeOptions.config?.publicCache || reply.statusCode !== 200) return payload;
    if (reply.getHeader("x-cache") === "hit" || typeof payload !== "string") return payload;
    const etag = etagOf(payload);
    cache.set(request.url, { body: payload, etag });
    reply.header("cache-control", CACHE_CONTROL).header("etag", etag).header("x-cache", "miss");
    if (request.headers["if-none-match"] === etag) {
      reply.code(304);
      return "";
    }
    return payload;
  });

  return {
    answer(url) {
      const hit = cache.get(url);
      if (hit === undefined || hit.parsed !== undefined) return hit?.parsed;
      const parsed = deepFreeze(JSON.parse(hit.body));
      // Stored again for its new size; it still expires when the original answer would. An answer
      // too large to keep parsed (the cache would drop it) is parsed for each read instead.
      if (hit.body.length * 2 * PARSED_WEIGHT <= MAX_BYTES / 8) cache.set(url, { ...hit, parsed }, { noUpdateTTL: true });
      return parsed;
    },
    invalidate: () => cache.clear(),
    get size() {
      return cache.size;
    },
  };
}
