import type { IncomingMessage } from "node:http";
import type { Readable } from "node:stream";
import { isMobileUserAgent } from "@shop/contract";
import type { FastifyInstance } from "fastify";
import { LRUCache } from "lru-cache";

export interface CachedPage {
  /** The page's bytes, sent as they are: never decoded to a string and encoded again. */
  body: Buffer;
  /** The `Link` header (the page in each language), absent for none. */
  link?: string;
  contentType: string;
  /** The CSP nonce the page was rendered with; replaced by each response's own nonce. */
  nonce: string;
  /** Where that nonce's bytes are in the body. */
  nonceAt: number[];
}

const CACHEABLE = /^(text\/html|text\/x-script)/;

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(typeof chunk === "string" ? Buffer.from(chunk) : chunk);
  return chunks.length === 1 && chunks[0] ? chunks[0] : Buffer.concat(chunks);
}

/**
 * The bytes to keep: a copy when they came from the route (its own buffer) or are a slice of a
 * larger one (Node's shared pool, 8 KB on Node 20 and 64 KB on Node 24, holds small buffers: a
 * 1 KB page would keep the whole slab).
 * Otherwise the page's own buffer, kept and sent at once: nothing writes into it after.
 */
export function ownBytes(body: Buffer, fromRoute: boolean): Buffer {
  if (!fromRoute && body.byteOffset === 0 && body.buffer.byteLength === body.byteLength) return body;
  const own = Buffer.allocUnsafeSlow(body.byteLength);
  body.copy(own);
  return own;
}

export function positionsOf(body: Buffer, nonce: string): number[] {
  const at: number[] = [];
  if (!nonce) return at;
  for (let i = body.indexOf(nonce); i >= 0; i = body.indexOf(nonce, i + nonce.length)) at.push(i);
  return at;
}

/** The cached page with this response's nonce in place of the one it was rendered with. */
export function withNonce(page: CachedPage, nonce: string): Buffer | string {
  if (!nonce || page.nonceAt.length === 0) return page.body;
  // Nonces are base64 of 16 random bytes: the same length, so written over the old one in a copy.
  if (Buffer.byteLength(nonce) !== Buffer.byteLength(page.nonce)) return page.body.toString().split(page.nonce).join(nonce);
  const body = Buffer.from(page.body);
  for (const at of page.nonceAt) body.write(nonce, at);
  return body;
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
    sizeCalculation: (v) => v.body.length || 1,
  });
  const keyOf = (url: string, ua: string | undefined) => `${isMobileUserAgent(ua) ? "m" : "d"}:${url}`;
  const nonceOf = (raw: IncomingMessage) => raw.cspNonce ?? "";

  scope.addHook("onRequest", async (request, reply) => {
    if (request.method !== "GET") return;
    const hit = cache.get(keyOf(request.url, request.headers["user-agent"]));
    if (!hit) return;
    const body = withNonce(hit, nonceOf(request.raw));
    if (hit.link) reply.header("link", hit.link);
    return reply.header("content-type", hit.contentType).header("vary", "User-Agent").header("x-page-cache", "hit").send(body);
  });

  scope.addHook("onSend", async (request, reply, payload) => {
    if (request.method !== "GET" || reply.statusCode !== 200 || reply.getHeader("x-page-cache") === "hit") return payload;
    const contentType = String(reply.getHeader("content-type") ?? "");
    if (!CACHEABLE.test(contentType) || reply.getHeader("set-cookie")) return payload;
    const body =
      typeof payload === "string"
        ? Buffer.from(payload)
        : Buffer.isBuffer(payload)
          ? payload
          : payload && typeof (payload as Readable).pipe === "function"
            ? await readAll(payload as Readable)
            : undefined;
    if (body === undefined) return payload;
    const nonce = nonceOf(request.raw);
    const kept = ownBytes(body, body === payload);
    cache.set(keyOf(request.url, request.headers["user-agent"]), {
      body: kept,
      contentType,
      // The page's other-language addresses (decision 109), sent again with each hit.
      link: String(reply.getHeader("link") ?? ""),
      nonce,
      nonceAt: positionsOf(kept, nonce),
    });
    reply.header("x-page-cache", "miss");
    return body;
  });

  return { invalidate: () => cache.clear() };
}
