import type { IncomingMessage } from "node:http";
import type { Readable } from "node:stream";
import { isMobileUserAgent } from "@shop/contract";
import type { FastifyInstance } from "fastify";
import { LRUCache } from "lru-cache";

interface CachedPage {
  body: string;
  contentType: string;
  /** The CSP nonce the page was rendered with; replaced by each response's own nonce. */
  nonce: string;
}

const CACHEABLE = /^(text\/html|text\/x-script)/;

async function readAll(stream: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(typeof chunk === "string" ? Buffer.from(chunk) : chunk);
  return Buffer.concat(chunks).toString("utf8");
}

/**
 * Server-rendered pages never depend on who is asking (the member's token lives in the browser;
 * member data is loaded client-side), only on the URL and the layout picked from the user-agent.
 * So successful page and route-data responses are kept briefly in memory and replayed, with a
 * fresh CSP nonce spliced in. Dropped on every catalogue/content write, like the API cache.
 */
export function registerPageCache(scope: FastifyInstance, options: { ttlMs?: number; maxBytes?: number } = {}) {
  const cache = new LRUCache<string, CachedPage>({
    max: 5000,
    ttl: options.ttlMs ?? 60_000,
    maxSize: options.maxBytes ?? 64 * 1024 * 1024,
    sizeCalculation: (v) => v.body.length * 2 || 1,
  });
  const keyOf = (url: string, ua: string | undefined) => `${isMobileUserAgent(ua) ? "m" : "d"}:${url}`;
  const nonceOf = (raw: IncomingMessage) => raw.cspNonce ?? "";

  scope.addHook("onRequest", async (request, reply) => {
    if (request.method !== "GET") return;
    const hit = cache.get(keyOf(request.url, request.headers["user-agent"]));
    if (!hit) return;
    const nonce = nonceOf(request.raw);
    const body = hit.nonce && nonce ? hit.body.split(hit.nonce).join(nonce) : hit.body;
    return reply.header("content-type", hit.contentType).header("vary", "User-Agent").header("x-page-cache", "hit").send(body);
  });

  scope.addHook("onSend", async (request, reply, payload) => {
    if (request.method !== "GET" || reply.statusCode !== 200 || reply.getHeader("x-page-cache") === "hit") return payload;
    const contentType = String(reply.getHeader("content-type") ?? "");
    if (!CACHEABLE.test(contentType) || reply.getHeader("set-cookie")) return payload;
    const body =
      typeof payload === "string"
        ? payload
        : payload && typeof (payload as Readable).pipe === "function"
          ? await readAll(payload as Readable)
          : undefined;
    if (body === undefined) return payload;
    cache.set(keyOf(request.url, request.headers["user-agent"]), { body, contentType, nonce: nonceOf(request.raw) });
    reply.header("x-page-cache", "miss");
    return body;
  });

  return { invalidate: () => cache.clear() };
}
