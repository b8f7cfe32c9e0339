import { randomUUID } from "node:crypto";
import type { FastifyBaseLogger } from "fastify";
import { Redis } from "ioredis";

/**
 * What instances share through Redis (REDIS_URL): rate-limit counters (the client is handed to
 * @fastify/rate-limit) and a broadcast that drops every instance's cached public reads after a
 * catalogue or content write anywhere.
 */
export interface SharedRedis {
  client: Redis;
  /** Tells the other instances to drop their caches. */
  broadcastInvalidate(): void;
  /** Runs when another instance broadcast an invalidation. */
  onInvalidate(handler: () => void): void;
  close(): Promise<void>;
}

const CHANNEL = "shop:cache:invalidate";

export async function connectRedis(url: string, log: FastifyBaseLogger): Promise<SharedRedis> {
  // Fail fast rather than queue: a request waits at most ~1 s on a lost Redis (rate limits then
  // let requests through, see skipOnError in app.ts).
  const options = { maxRetriesPerRequest: 1, connectTimeout: 2000, enableAutoPipelining: true, lazyConnect: true };
  const client = new Redis(url, options);
  const subscriber = new Redis(url, { ...options, enableAutoPipelining: false });
  for (const c of [client, subscriber]) c.on("error", (err) => log.warn({ err }, "redis error"));
  await client.connect();
  await subscriber.connect();
  const me = randomUUID();
  const handlers: Array<() => void> = [];
  await subscriber.subscribe(CHANNEL);
  subscriber.on("message", (_channel, from: string) => {
    if (from !== me) for (const h of handlers) h();
  });
  return {
    client,
    broadcastInvalidate() {
      client.publish(CHANNEL, me).catch((err) => log.warn({ err }, "cache invalidation broadcast failed"));
    },
    onInvalidate(handler) {
      handlers.push(handler);
    },
    async close() {
      await Promise.allSettled([client.quit(), subscriber.quit()]);
    },
  };
}
