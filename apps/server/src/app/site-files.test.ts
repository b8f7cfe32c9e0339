import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createTestApp, type TestApp } from "../test/harness.js";

const PATH = "/.well-known/apple-developer-merchantid-domain-association";
// What Apple's portal hands out is an opaque hex blob; any text stands in for it.
const ASSOCIATION = "7b2270737044617461223a7b22686f7374223a2273686f702e74657374227d7d";

/** Apple Pay on the web: Apple fetches its domain-verification file from PUBLIC_URL (decision 88). */
describe("Apple Pay's domain-verification file", () => {
  let configured: TestApp;
  let unset: TestApp;
  beforeAll(async () => {
    [configured, unset] = await Promise.all([
      createTestApp({
        env: {
          PUBLIC_URL: "https://shop.test",
          TAPPAY_PARTNER_KEY: "partner_test",
          TAPPAY_MERCHANT_ID: "merchant_test",
          TAPPAY_APP_ID: "12345",
          TAPPAY_APP_KEY: "app_key_test",
          APPLE_PAY_DOMAIN_ASSOCIATION: ASSOCIATION,
        },
      }),
      createTestApp(),
    ]);
  });
  afterAll(() => Promise.all([configured?.close(), unset?.close()]));

  test("is served with the configured content, as text, where Apple looks for it", async () => {
    const r = await configured.app.inject({ method: "GET", url: PATH, headers: { host: "shop.test" } });
    expect(r.statusCode).toBe(200);
    expect(r.headers["content-type"]).toContain("text/plain");
    expect(r.body).toBe(ASSOCIATION);
  });

  test("is not found when APPLE_PAY_DOMAIN_ASSOCIATION is not set", async () => {
    const r = await unset.app.inject({ method: "GET", url: PATH, headers: { host: "shop.test" } });
    expect(r.statusCode).toBe(404);
    expect(r.body).not.toContain(ASSOCIATION);
  });
});
