import fc from "fast-check";
import { afterAll, beforeAll, expect, test } from "vitest";
import { createTestApp, type TestApp } from "../test/harness.js";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
});
afterAll(() => t.close());

const POSTS = [
  "/api/register/user/sendCaptcha",
  "/api/register/user/store",
  "/api/auth/login",
  "/api/auth/logout",
  "/api/user/password/forget",
  "/api/user/password/update",
  "/api/user/updateNickname",
  "/api/supmall/recheck",
  "/api/supmall/recheck2",
  "/api/supmall/home",
];
const GETS = [
  "/api/front/banner/search",
  "/api/front/static/search",
  "/api/front/new/search",
  "/api/front/new/get",
  "/api/user/get",
];

test("no JSON body on any POST route produces a server error", async () => {
  await fc.assert(
    fc.asyncProperty(fc.constantFrom(...POSTS), fc.jsonValue(), async (url, body) => {
      const r = await t.call("POST", url, { rawBody: JSON.stringify(body), ip: "10.77.0.1" });
      expect(r.status).toBeGreaterThanOrEqual(200);
      expect(r.status).toBeLessThan(500);
      expect(typeof r.body.message).toBe("string");
    }),
    { numRuns: 150 },
  );
});

test("no query string on any GET route produces a server error", async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.constantFrom(...GETS),
      fc.dictionary(fc.constantFrom("shop_id", "id", "key", "page", "per_page", "x"), fc.string({ maxLength: 12 })),
      async (url, query) => {
        const qs = new URLSearchParams(query).toString();
        const r = await t.call("GET", `${url}?${qs}`);
        expect(r.status).toBeLessThan(500);
      },
    ),
    { numRuns: 150 },
  );
});
