import path from "node:path";
import { describe, expect, test } from "vitest";
import { ConfigError, loadConfig } from "./config.js";
import { productionProblems } from "./production.js";

describe("configuration", () => {
  test("defaults", () => {
    const c = loadConfig({ INIT_CWD: "/srv/shop" });
    expect(c.PORT).toBe(3000);
    expect(c.dataDir).toBe(path.resolve("/srv/shop", "data"));
    expect(c.DATABASE_URL).toBeUndefined();
    expect(c.TEST_MODE).toBe(false);
  });

  test("invalid values stop the start with a readable message", () => {
    expect(() => loadConfig({ PORT: "eighty" })).toThrow(ConfigError);
    expect(() => loadConfig({ DATABASE_URL: "mysql://x" })).toThrow(/DATABASE_URL/);
  });

  test("test mode cannot be switched on in production", () => {
    expect(() => loadConfig({ NODE_ENV: "production", TEST_MODE: "1" })).toThrow(/TEST_MODE/);
  });
});

describe("production mode", () => {
  const ready = {
    NODE_ENV: "production",
    PUBLIC_URL: "https://shop.example.com",
    DATABASE_URL: "postgres://shop@db/shop",
    TAPPAY_PARTNER_KEY: "partner_live",
    TAPPAY_MERCHANT_ID: "shop_CTBC",
    TAPPAY_APP_ID: "12345",
    TAPPAY_APP_KEY: "app_key",
    ECPAY_LOGISTICS_MERCHANT_ID: "3000001",
    ECPAY_LOGISTICS_HASH_KEY: "k",
    ECPAY_LOGISTICS_HASH_IV: "v",
    MITAKE_USERNAME: "shop",
    MITAKE_PASSWORD: "secret",
    SMTP_URL: "smtps://shop:secret@smtp.example.com:465",
    LINE_CHANNEL_ACCESS_TOKEN: "line-token",
    SHIP_SENDER_PHONE: "0912345678",
    ECPAY_INVOICE_MERCHANT_ID: "3085340",
    ECPAY_INVOICE_HASH_KEY: "0123456789abcdef",
    ECPAY_INVOICE_HASH_IV: "fedcba9876543210",
  };

  test("a complete production configuration starts, without demo data", () => {
    const c = loadConfig(ready);
    expect(productionProblems(c)).toEqual([]);
    expect(c.SEED_DEMO).toBe(false);
  });

  test("refuses simulators, a missing public origin, the embedded database and demo data, saying what to set", () => {
    const c = loadConfig({ NODE_ENV: "production" });
    const problems = productionProblems(c).join("\n");
    for (const key of [
      "PUBLIC_URL",
      "DATABASE_URL",
      "TAPPAY_PARTNER_KEY",
      "ECPAY_LOGISTICS_MERCHANT_ID",
      "MITAKE_USERNAME",
      "SMTP_URL",
      "LINE_CHANNEL_ACCESS_TOKEN",
      "SHIP_SENDER_PHONE",
      "ECPAY_INVOICE_MERCHANT_ID",
    ])
      expect(problems).toContain(key);
    expect(productionProblems(loadConfig({ ...ready, SEED_DEMO: "1" })).join()).toContain("SEED_DEMO");
    expect(productionProblems(loadConfig({ ...ready, PUBLIC_URL: "http://shop.example.com" })).join()).toContain("https://");
    expect(productionProblems(loadConfig({ ...ready, TAPPAY_PARTNER_KEY: "partner_simulator" })).join()).toContain("simulator");
    expect(productionProblems(loadConfig({ ...ready, ECPAY_LOGISTICS_API_URL: "http://127.0.0.1:9" })).join()).toContain(
      "local fake",
    );
    expect(productionProblems(loadConfig({ ...ready, ECPAY_INVOICE_API_URL: "http://127.0.0.1:9" })).join()).toContain(
      "local fake",
    );
    // E-invoice keys are AES-128: anything but 16 characters stops the start, naming the variable.
    expect(() => loadConfig({ ...ready, ECPAY_INVOICE_HASH_KEY: "short" })).toThrow("ECPAY_INVOICE_HASH_KEY");
    // Development is never refused.
    expect(productionProblems(loadConfig({}))).toEqual([]);
  });
});
