import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMediaService } from "../modules/media/service.js";
import { createTestApp } from "../test/harness.js";
import { createS3Store } from "./object-store.js";

/**
 * A local S3 that speaks the path-style REST calls we use (PUT and GET /bucket/key), checking
 * that each request is SigV4-signed; objects are kept in memory.
 */
const objects = new Map<string, { body: Buffer; type: string }>();
let server: http.Server;
let endpoint = "";
beforeAll(async () => {
  server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const key = decodeURIComponent((req.url ?? "").split("?")[0] ?? "");
      if (!String(req.headers.authorization ?? "").startsWith("AWS4-HMAC-SHA256 Credential=test-key/")) {
        res.writeHead(403).end("<Error><Code>AccessDenied</Code></Error>");
        return;
      }
      if (req.method === "PUT") {
        objects.set(key, { body: Buffer.concat(chunks), type: String(req.headers["content-type"]) });
        res.writeHead(200, { etag: '"x"' }).end();
      } else if (req.method === "GET") {
        const o = objects.get(key);
        if (!o) {
          res.writeHead(404, { "content-type": "application/xml" }).end("<Error><Code>NoSuchKey</Code></Error>");
          return;
        }
        res.writeHead(200, { "content-type": o.type, "content-length": o.body.length }).end(o.body);
      } else res.writeHead(405).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

const store = () =>
  createS3Store({
    bucket: "shop-uploads",
    region: "ap-northeast-1",
    endpoint,
    forcePathStyle: true,
    accessKeyId: "test-key",
    secretAccessKey: "test-secret",
  });

describe("uploads in S3-compatible storage", () => {
  it("puts and gets objects; a missing key is undefined", async () => {
    const s = store();
    await s.put("uploads/a/b.webp", Buffer.from("hello"), "image/webp");
    expect(objects.get("/shop-uploads/uploads/a/b.webp")?.type).toBe("image/webp");
    expect((await s.get("uploads/a/b.webp"))?.toString()).toBe("hello");
    expect(await s.get("uploads/none.webp")).toBeUndefined();
  });

  it("a file one instance received is served and resized by another from the store", async () => {
    const dirA = fs.mkdtempSync(path.join(os.tmpdir(), "shop-a-"));
    const dirB = fs.mkdtempSync(path.join(os.tmpdir(), "shop-b-"));
    const a = createMediaService(dirA, store());
    const b = createMediaService(dirB, store());
    const relative = "admin/202611/photo.webp";
    fs.mkdirSync(path.join(dirA, "uploads", "admin", "202611"), { recursive: true });
    await sharp({ create: { width: 800, height: 600, channels: 3, background: "#3a5f2c" } })
      .webp()
      .toFile(path.join(dirA, "uploads", relative));
    await a.persist(relative, "image/webp");

    expect(fs.existsSync(path.join(dirB, "uploads", relative))).toBe(false);
    const resized = await b.resized(relative, 320);
    expect(resized).toBeDefined();
    expect((await sharp(resized).metadata()).width).toBe(320);
    expect(fs.existsSync(path.join(dirB, "uploads", relative))).toBe(true);
    // Outside the uploads folder, or not in the store: nothing is fetched.
    expect(await b.ensureLocal("../../etc/passwd")).toBe(false);
    expect(await b.ensureLocal("admin/202611/missing.webp")).toBe(false);
  });

  it("an instance with the store configured serves /uploads/* it never received", async () => {
    const t = await createTestApp({
      seed: false,
      env: {
        S3_BUCKET: "shop-uploads",
        S3_ENDPOINT: endpoint,
        S3_FORCE_PATH_STYLE: "1",
        S3_ACCESS_KEY_ID: "test-key",
        S3_SECRET_ACCESS_KEY: "test-secret",
      },
    });
    try {
      // The photo instance a stored in the test above.
      const served = await t.app.inject({ method: "GET", url: "/uploads/admin/202611/photo.webp" });
      expect(served.statusCode).toBe(200);
      expect(served.headers["content-type"]).toBe("image/webp");
      expect((await t.app.inject({ method: "GET", url: "/uploads/admin/202611/nope.webp" })).statusCode).toBe(404);
      expect((await t.app.inject({ method: "GET", url: "/uploads/%E0%A4%A" })).statusCode).toBeLessThan(500);
    } finally {
      await t.close();
    }
  });
});
