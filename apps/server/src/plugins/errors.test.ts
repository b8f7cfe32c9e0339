import { count } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { captchas, members } from "../db/schema/index.js";
import { createTestApp, type TestApp, uniquePhone } from "../test/harness.js";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { BODY_LIMIT_BYTES: "4096" } });
});
afterAll(() => t.close());

const rowCounts = async () => ({
  members: (await t.database.db.select({ n: count() }).from(members))[0]?.n,
  captchas: (await t.database.db.select({ n: count() }).from(captchas))[0]?.n,
});

describe("bad input gets a clear zh-TW 4xx and changes nothing", () => {
  test("malformed JSON → 400", async () => {
    const before = await rowCounts();
    const r = await t.call("POST", "/api/register/user/store", { rawBody: '{"phone": "0912' });
    expect(r.status).toBe(400);
    expect(r.body).toEqual({ status: false, message: "請求內容不是有效的 JSON", data: null });
    expect(await rowCounts()).toEqual(before);
  });

  test("wrong types → 400 with one error per field", async () => {
    const r = await t.call("POST", "/api/register/user/store", {
      body: { phone: 912345678, captcha: 123456, password: true, name: ["a"] },
    });
    expect(r.status).toBe(400);
    expect(r.body.status).toBe(false);
    expect(r.body.message).toMatch(/^輸入資料有誤/);
    const fields = (r.body.data as { errors: Array<{ field: string; message: string }> }).errors.map((e) => e.field);
    expect(fields).toEqual(expect.arrayContaining(["phone", "captcha", "password", "name"]));
  });

  test("a phone number in the wrong format names the rule", async () => {
    const r = await t.call("POST", "/api/register/user/sendCaptcha", { body: { phone: "0212345678", purpose: "register" } });
    expect(r.status).toBe(400);
    expect(r.body.data).toEqual({ errors: [{ field: "phone", message: "手機號碼格式錯誤，請輸入 09 開頭的 10 位數字" }] });
  });

  test("a short password names the rule", async () => {
    const r = await t.call("POST", "/api/register/user/store", {
      body: { phone: uniquePhone(), captcha: "123456", password: "short", name: "甲" },
    });
    expect(r.status).toBe(400);
    expect(r.body.data).toEqual({ errors: [{ field: "password", message: "密碼至少需要 8 個字元" }] });
  });

  test("unknown fields → 400 naming them", async () => {
    const before = await rowCounts();
    const r = await t.call("POST", "/api/register/user/sendCaptcha", {
      body: { phone: uniquePhone(), purpose: "register", is_admin: true },
    });
    expect(r.status).toBe(400);
    expect(r.body.data).toEqual({ errors: [{ field: "is_admin", message: "不接受此欄位" }] });
    expect(await rowCounts()).toEqual(before);
  });

  test("an oversized body → 413", async () => {
    const r = await t.call("POST", "/api/auth/login", { body: { account: "x".repeat(10_000), password: "y" } });
    expect(r.status).toBe(413);
    expect(r.body).toEqual({ status: false, message: "請求內容過大", data: null });
  });

  test("a non-JSON content type → 415", async () => {
    const r = await t.call("POST", "/api/auth/login", {
      rawBody: "account=a&password=b",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(r.status).toBe(415);
    expect(r.body.status).toBe(false);
    expect(r.body.message).toContain("不支援的內容格式");
  });

  test("a JSON array instead of an object → 400", async () => {
    const r = await t.call("POST", "/api/auth/login", { body: [1, 2, 3] });
    expect(r.status).toBe(400);
    expect(r.body.status).toBe(false);
  });

  test("an unknown API path → 404 in the envelope", async () => {
    const r = await t.call("GET", "/api/no/such/thing");
    expect(r.status).toBe(404);
    expect(r.body).toEqual({ status: false, message: "找不到此 API", data: null });
  });

  test("a bad query value → 400", async () => {
    const r = await t.call("GET", "/api/front/banner/search?shop_id=abc");
    expect(r.status).toBe(400);
    expect(r.body.data).toMatchObject({ errors: [{ field: "shop_id", message: "商城編號格式錯誤" }] });
  });
});

describe("every response carries its safety headers", () => {
  // The page CSP (with its nonce) is checked on real pages in e2e/tests/shell.spec.ts.
  test("request id, no sniffing, no framing by others", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/front/banner/search" });
    expect(res.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["x-frame-options"]).toBe("SAMEORIGIN");
  });

  test("an upstream request id is kept only when it is safe to log", async () => {
    const kept = await t.app.inject({ method: "GET", url: "/api/health", headers: { "x-request-id": "lb-12345678" } });
    expect(kept.headers["x-request-id"]).toBe("lb-12345678");
    const replaced = await t.app.inject({
      method: "GET",
      url: "/api/health",
      headers: { "x-request-id": "bad id\nwith newline" },
    });
    // A fresh UUID instead (checking "does not contain 'bad'" failed once: hex digits can spell it).
    expect(replaced.headers["x-request-id"]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
  });
});

describe("rate limits on sign-in calls", () => {
  test("the 21st login a minute from one IP gets 429", async () => {
    const limited = await createTestApp({ seed: false, env: { AUTH_RATE_LIMIT_PER_MINUTE: "20" } });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 21; i++) {
        const r = await limited.call("POST", "/api/auth/login", {
          body: { account: "0900000000", password: "whatever1" },
          ip: "10.1.1.1",
        });
        statuses.push(r.status);
      }
      expect(statuses.slice(0, 20).every((s) => s === 401)).toBe(true);
      expect(statuses[20]).toBe(429);
      const last = await limited.call("POST", "/api/auth/login", {
        body: { account: "0900000000", password: "whatever1" },
        ip: "10.1.1.1",
      });
      expect(last.body.message).toBe("操作過於頻繁，請稍後再試");
      // Another address is not affected.
      const other = await limited.call("POST", "/api/auth/login", {
        body: { account: "0900000000", password: "whatever1" },
        ip: "10.1.1.2",
      });
      expect(other.status).toBe(401);
    } finally {
      await limited.close();
    }
  });
});
