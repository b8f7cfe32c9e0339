import { spawn } from "node:child_process";
import { Readable } from "node:stream";
import { fileURLToPath } from "node:url";
import Fastify from "fastify";
import { describe, expect, test } from "vitest";
import { registerErrorHandling } from "./errors.js";
import { hasNul, registerInputGuard } from "./input-guard.js";

const here = fileURLToPath(new URL(".", import.meta.url));
/** A server with the guard and a catch-all that takes the request stream, as the storefront's pages do. */
const PAGES_SERVER = `
import Fastify from "fastify";
import { registerInputGuard } from ${JSON.stringify(`${here}input-guard.ts`)};
const app = Fastify();
registerInputGuard(app);
await app.register(async (pages) => {
  pages.removeAllContentTypeParsers();
  pages.addContentTypeParser("*", (_request, payload, done) => done(null, payload));
  pages.all("/*", async (_request, reply) => reply.code(405).send("no"));
});
await app.listen({ port: 0, host: "127.0.0.1" });
console.log(app.server.address().port);
`;

describe("the input guard", () => {
  test("finds a NUL in parsed bodies and queries, at any depth and in keys", () => {
    expect(hasNul({ a: [{ b: "x\u0000" }] })).toBe(true);
    expect(hasNul({ "k\u0000": 1 })).toBe(true);
    expect(hasNul(Object.assign(Object.create(null), { q: "\u0000" }))).toBe(true);
    expect(hasNul({ a: [1, "ok", { b: null }] })).toBe(false);
  });

  test("does not walk objects that are not parsed data (streams, buffers)", () => {
    const stream = Readable.from(["\u0000"]);
    (stream as unknown as { self: unknown }).self = stream;
    expect(hasNul(stream)).toBe(false);
    expect(hasNul(Buffer.from("\u0000"))).toBe(false);
  });

  test("a route that takes the request stream itself answers a form post (the server hung)", async () => {
    // Over a real socket, in a child process: the request's object graph behind a socket is what
    // the old walk never finished, and a stuck event loop here would stop the test's own timers.
    const child = spawn(process.execPath, ["--import", "tsx", "--input-type=module", "-e", PAGES_SERVER], {
      stdio: ["ignore", "pipe", "inherit"],
    });
    try {
      const port = await new Promise<number>((resolve, reject) => {
        child.stdout.once("data", (chunk: Buffer) => resolve(Number(chunk.toString().trim())));
        child.once("exit", (code) => reject(new Error(`server exited with ${code}`)));
      });
      for (const [type, body] of [
        ["application/x-www-form-urlencoded", "a=1"],
        ["application/json", "{}"],
        ["text/plain", "x"],
      ] as const) {
        const res = await fetch(`http://127.0.0.1:${port}/`, {
          method: "POST",
          headers: { "content-type": type },
          body,
          signal: AbortSignal.timeout(10_000),
        });
        expect(res.status).toBe(405);
      }
    } finally {
      child.kill("SIGKILL");
    }
  });

  test("a NUL in a JSON body is refused with a clear message", async () => {
    const app = Fastify();
    registerErrorHandling(app);
    registerInputGuard(app);
    app.post("/api/x", async () => ({ ok: true }));
    const nul = await app.inject({ method: "POST", url: "/api/x", payload: { a: ["\u0000"] } });
    expect(nul.statusCode).toBe(400);
    expect(nul.json().message).toBe("輸入內容含有不允許的字元");
    await app.close();
  });
});
