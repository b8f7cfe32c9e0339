import { randomBytes } from "node:crypto";
import type { IncomingMessage } from "node:http";
import { Readable } from "node:stream";
import Fastify from "fastify";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { ownBytes, positionsOf, registerPageCache, withNonce } from "./page-cache.js";

// A page as the server renders it: its CSP nonce on each inline script and in its data, Chinese
// text, and (from a stream) chunks that split a character's bytes.
const page = (nonce: string) =>
  `<html><body><h1>烏龍茶禮盒 NT$1,234</h1><script nonce="${nonce}">window.a=1</script>` +
  `<p>${"好茶".repeat(500)}</p><script nonce="${nonce}">x("${nonce}")</script></body></html>`;

const app = Fastify();
let rendered = 0;
beforeAll(async () => {
  app.addHook("onRequest", async (request) => {
    request.raw.cspNonce = randomBytes(16).toString("base64");
  });
  registerPageCache(app);
  const nonceOf = (raw: IncomingMessage) => raw.cspNonce ?? "";
  app.get("/streamed", async (request, reply) => {
    rendered++;
    const bytes = Buffer.from(page(nonceOf(request.raw)));
    const chunks = [bytes.subarray(0, 50), bytes.subarray(50, 1001), bytes.subarray(1001)];
    return reply.type("text/html; charset=utf-8").send(Readable.from(chunks));
  });
  app.get("/string", async (request, reply) => {
    rendered++;
    return reply.type("text/html; charset=utf-8").send(page(nonceOf(request.raw)));
  });
  app.get("/missing", async (_request, reply) => {
    rendered++;
    return reply.code(404).type("text/html; charset=utf-8").send("<p>找不到</p>");
  });
  await app.ready();
});
afterAll(() => app.close());

describe("the page cache", () => {
  for (const url of ["/streamed", "/string"]) {
    test(`replays ${url} byte for byte with each response's own nonce`, async () => {
      const before = rendered;
      const first = await app.inject({ url });
      const second = await app.inject({ url });
      const third = await app.inject({ url });
      expect(rendered - before).toBe(1);
      expect([first, second, third].map((r) => r.headers["x-page-cache"])).toEqual(["miss", "hit", "hit"]);
      for (const r of [first, second, third]) {
        const nonce = (r.raw.req as IncomingMessage).cspNonce ?? "";
        expect(nonce).toHaveLength(24);
        expect(r.body).toBe(page(nonce));
      }
      // Each hit was written into its own copy: the cached page keeps the nonce it was made with.
      expect(second.body).not.toBe(third.body);
    });
  }

  test("a hit's nonce is written into a copy: pages still on their way keep theirs", () => {
    const [a, b, c] = ["QUFBQUFBQUFBQUFBQUFBQQ==", "QkJCQkJCQkJCQkJCQkJCQg==", "Q0NDQ0NDQ0NDQ0NDQ0NDQw=="];
    const body = Buffer.from(page(a));
    const cached = { body, contentType: "text/html", nonce: a, nonceAt: positionsOf(body, a) };
    expect(cached.nonceAt).toHaveLength(3);
    const first = withNonce(cached, b);
    const second = withNonce(cached, c);
    expect(first.toString()).toBe(page(b));
    expect(second.toString()).toBe(page(c));
    expect(body.toString()).toBe(page(a));
    // A nonce of another length (not one this server makes) is still replaced everywhere.
    expect(withNonce(cached, "short").toString()).toBe(page("short"));
  });

  test("a page is kept in bytes of its own, not as a slice of Node's shared pool", () => {
    const small = Buffer.from("<p>好茶</p>");
    expect(small.buffer.byteLength).toBeGreaterThan(small.byteLength);
    const kept = ownBytes(small, false);
    expect(kept.buffer.byteLength).toBe(kept.byteLength);
    expect(kept.toString()).toBe("<p>好茶</p>");
    // A page's own buffer is kept as it is; a route's buffer is copied.
    const whole = Buffer.allocUnsafeSlow(10_000).fill(1);
    expect(ownBytes(whole, false)).toBe(whole);
    expect(ownBytes(whole, true)).not.toBe(whole);
  });

  test("phones and desktops are kept apart; errors are not kept", async () => {
    const before = rendered;
    await app.inject({ url: "/string?layout=1" });
    const phone = await app.inject({
      url: "/string?layout=1",
      headers: { "user-agent": "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148" },
    });
    expect(phone.headers["x-page-cache"]).toBe("miss");
    await app.inject({ url: "/missing" });
    const again = await app.inject({ url: "/missing" });
    expect(again.statusCode).toBe(404);
    expect(again.headers["x-page-cache"]).toBeUndefined();
    expect(rendered - before).toBe(4);
  });
});
