import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../test/harness.js";

// An English page asks for its refusals in English (x-page-lang: en); nothing else changes them.
describe("refusals in the page's language", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("a domain refusal: English when the page is English, zh-TW otherwise (whatever the browser prefers)", async () => {
    const url = "/api/product/get?id=99999999";
    const english = await t.call("GET", url, { headers: { "x-page-lang": "en" } });
    expect(english.status).toBe(404);
    expect(english.body.message).toBe("Product not found; it may have been removed");
    const chinese = await t.call("GET", url, { headers: { "accept-language": "en-US,en;q=0.9" } });
    expect(chinese.status).toBe(404);
    expect(chinese.body.message).toBe("找不到此商品，可能已下架");
  });

  it("a form's field errors and their summary", async () => {
    const body = { account: "", password: "" };
    const english = await t.call<{ errors: Array<{ field: string; message: string }> }>("POST", "/api/auth/login", {
      body,
      headers: { "x-page-lang": "en" },
    });
    expect(english.status).toBe(400);
    expect(english.body.message).toMatch(/^Invalid input: \P{Script=Han}+$/u);
    expect(english.body.data.errors.length).toBeGreaterThan(0);
    for (const e of english.body.data.errors) expect(e.message).toMatch(/^\P{Script=Han}+$/u);
    const chinese = await t.call<{ errors: Array<{ message: string }> }>("POST", "/api/auth/login", { body });
    expect(chinese.body.message).toMatch(/^輸入資料有誤：/);
  });
});
