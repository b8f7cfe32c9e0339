import type { IncomingMessage } from "node:http";
import Fastify from "fastify";
import { describe, expect, test } from "vitest";
import { securityHeaders } from "./security-headers.js";

/** helmet reads its options when its middleware is built: each read of this one is counted. */
function countingOptions() {
  const counter = { reads: 0 };
  const options = {
    contentSecurityPolicy: false as const,
    crossOriginEmbedderPolicy: false as const,
    get hsts() {
      counter.reads++;
      return true;
    },
  };
  return { counter, options };
}

async function appWithHeaders(global = countingOptions().options) {
  const app = Fastify();
  securityHeaders(app, global);
  app.get("/api/thing", async () => ({ ok: true }));
  await app.register(async (pages) => {
    pages.addHook("onRequest", async (request) => {
      (request.raw as IncomingMessage & { nonce?: string }).nonce = `n${request.id}`;
    });
    securityHeaders(pages, {
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'", (req) => `'nonce-${(req as IncomingMessage & { nonce?: string }).nonce}'`],
        },
      },
    });
    pages.get("/page", async (_req, reply) => reply.type("text/html").send("<p>hi</p>"));
  });
  return app;
}

describe("security headers", () => {
  test("every answer gets helmet's headers; the API gets no CSP", async () => {
    const app = await appWithHeaders();
    const api = await app.inject({ url: "/api/thing" });
    expect(api.headers["x-content-type-options"]).toBe("nosniff");
    expect(api.headers["x-frame-options"]).toBe("SAMEORIGIN");
    expect(api.headers["referrer-policy"]).toBe("no-referrer");
    expect(api.headers["strict-transport-security"]).toContain("max-age=");
    expect(api.headers["content-security-policy"]).toBeUndefined();
    expect(api.json()).toEqual({ ok: true });
    await app.close();
  });

  test("a page's CSP carries its own response's nonce, from a middleware built once", async () => {
    const { counter, options } = countingOptions();
    const app = await appWithHeaders(options);
    await app.ready();
    const readsWhenBuilt = counter.reads;
    expect(readsWhenBuilt).toBeGreaterThan(0);
    const [a, b] = [await app.inject({ url: "/page" }), await app.inject({ url: "/page" })];
    const nonceOf = (csp: unknown) => /'nonce-([^']+)'/.exec(String(csp))?.[1];
    // Fastify numbers its requests req-1, req-2, …: each CSP names its own request's nonce.
    expect(nonceOf(a.headers["content-security-policy"])).toBe("nreq-1");
    expect(nonceOf(b.headers["content-security-policy"])).toBe("nreq-2");
    expect(a.headers["content-security-policy"]).toContain("default-src 'self'");
    await app.inject({ url: "/api/thing" });
    // Three answers later helmet has not read its options again: nothing was rebuilt per request.
    expect(counter.reads).toBe(readsWhenBuilt);
    await app.close();
  });
});
