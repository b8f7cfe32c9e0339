import path from "node:path";
import { describe, expect, test } from "vitest";
import { ConfigError, loadConfig } from "../lib/config/index.js";
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

  test("TRUST_PROXY is a hop count or the proxies' addresses, never every hop (decision 77)", () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: "1" }).TRUST_PROXY).toBe(1);
    expect(loadConfig({ TRUST_PROXY: "loopback, 10.0.0.0/8,fd00::/8" }).TRUST_PROXY).toBe("loopback,10.0.0.0/8,fd00::/8");
    expect(() => loadConfig({ TRUST_PROXY: "true" })).toThrow("would trust every hop");
    expect(() => loadConfig({ TRUST_PROXY: "10.0.0.0/33" })).toThrow("TRUST_PROXY");
    expect(() => loadConfig({ TRUST_PROXY: "proxy.example.com" })).toThrow("TRUST_PROXY");
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
    ECPAY_LOGISTICS_B2C_MERCHANT_ID: "3000002",
    ECPAY_LOGISTICS_B2C_HASH_KEY: "k2",
    ECPAY_LOGISTICS_B2C_HASH_IV: "v2",
    MITAKE_USERNAME: "shop",
    MITAKE_PASSWORD: "secret",
    SMTP_URL: "smtps://shop:secret@smtp.example.com:465",
    LINE_CHANNEL_ACCESS_TOKEN: "line-token",
    SHIP_SENDER_PHONE: "0912345678",
    ECPAY_INVOICE_MERCHANT_ID: "3085340",
    ECPAY_INVOICE_HASH_KEY: "0123456789abcdef",
    ECPAY_INVOICE_HASH_IV: "fedcba9876543210",
    HCT_CONSIGNMENT_NUMBERS: "0123456780-0123459999",
    HCT_CUSTOMER_CODE: "C0001",
    SHIP_SENDER_ADDRESS: "嘉義縣阿里山鄉中正村 1 號",
    LINE_CHANNEL_ID: "1650000001",
    LINE_CHANNEL_SECRET: "line-secret",
    GOOGLE_CLIENT_ID: "shop.apps.googleusercontent.com",
    FACEBOOK_APP_ID: "1000000000000001",
  };
  const problems = (env: Record<string, string>, options = {}) => productionProblems(loadConfig(env), options).join("\n");

  test("a complete production configuration starts, without demo data, every channel real", () => {
    const c = loadConfig(ready);
    expect(productionProblems(c)).toEqual([]);
    expect(c.SEED_DEMO).toBe(false);
    expect(Object.values(c.channels).every((m) => m === "real")).toBe(true);
  });

  test("refuses a missing public origin, the embedded database and channels without credentials, saying what to set", () => {
    const said = problems({ NODE_ENV: "production" });
    for (const key of [
      "PUBLIC_URL",
      "DATABASE_URL",
      "CHANNEL_CARD is on but TAPPAY_PARTNER_KEY, TAPPAY_MERCHANT_ID, TAPPAY_APP_ID, TAPPAY_APP_KEY are not set (or CHANNEL_CARD=off",
      "CHANNEL_STORE_PICKUP is on but ECPAY_LOGISTICS_MERCHANT_ID, ECPAY_LOGISTICS_HASH_KEY, ECPAY_LOGISTICS_HASH_IV, SHIP_SENDER_PHONE",
      "MITAKE_USERNAME",
      "SMTP_URL",
      "LINE_CHANNEL_ACCESS_TOKEN",
      "ECPAY_INVOICE_MERCHANT_ID",
      "HCT_CONSIGNMENT_NUMBERS",
      "CHANNEL_ECPAY_HOME is on but ECPAY_LOGISTICS_B2C_MERCHANT_ID, ECPAY_LOGISTICS_B2C_HASH_KEY, ECPAY_LOGISTICS_B2C_HASH_IV",
      "CHANNEL_FACEBOOK_LOGIN is on but FACEBOOK_APP_ID is not set",
    ])
      expect(said).toContain(key);
    // SMS and e-mail cannot be switched off: no "=off" is offered for them.
    expect(said).not.toContain("CHANNEL_SMS=off");
    expect(problems({ ...ready, SEED_DEMO: "1" })).toContain("SEED_DEMO");
    expect(problems({ ...ready, PUBLIC_URL: "http://shop.example.com" })).toContain("https://");
    expect(problems({ ...ready, TAPPAY_PARTNER_KEY: "partner_simulator" })).toContain("simulator");
    // E-invoice keys are AES-128: anything but 16 characters stops the start, naming the variable.
    expect(() => loadConfig({ ...ready, ECPAY_INVOICE_HASH_KEY: "short" })).toThrow("ECPAY_INVOICE_HASH_KEY");
    // Development is never refused.
    expect(productionProblems(loadConfig({}))).toEqual([]);
  });

  test("a channel switched off is never a problem; a simulator always is", () => {
    const off = {
      NODE_ENV: "production",
      PUBLIC_URL: "https://shop.example.com",
      DATABASE_URL: "postgres://shop@db/shop",
      MITAKE_USERNAME: "shop",
      MITAKE_PASSWORD: "secret",
      SMTP_URL: "smtps://shop:secret@smtp.example.com:465",
      CHANNEL_CARD: "off",
      CHANNEL_STORE_PICKUP: "off",
      CHANNEL_EINVOICE: "off",
      CHANNEL_HCT: "off",
      CHANNEL_ECPAY_HOME: "off",
      CHANNEL_LINE_MESSAGES: "off",
      CHANNEL_LINE_LOGIN: "off",
      CHANNEL_GOOGLE_LOGIN: "off",
      CHANNEL_FACEBOOK_LOGIN: "off",
    };
    expect(productionProblems(loadConfig(off))).toEqual([]);
    expect(loadConfig(off).channels).toMatchObject({ card: "off", sms: "real", email: "real", line_messages: "off" });
    expect(problems({ ...ready, CHANNEL_CARD: "simulator" })).toContain("CHANNEL_CARD=simulator is refused in production");
    expect(() => loadConfig({ ...off, CHANNEL_SMS: "off" })).toThrow("CHANNEL_SMS");
    // Outside production a channel without credentials runs on its simulator.
    expect(loadConfig({}).channels.card).toBe("simulator");
    expect(loadConfig({ CHANNEL_CARD: "off" }).channels.card).toBe("off");
  });

  test("test-only overrides are refused, except loopback fakes in the go-live rehearsal", () => {
    for (const key of ["TAPPAY_API_URL", "ECPAY_LOGISTICS_API_URL", "ECPAY_INVOICE_API_URL", "MITAKE_API_URL", "LINE_API_URL"]) {
      expect(problems({ ...ready, [key]: "http://127.0.0.1:9" })).toContain(`${key} must not be set in production`);
      expect(problems({ ...ready, [key]: "http://127.0.0.1:9" }, { localFakes: true })).toBe("");
      expect(problems({ ...ready, [key]: "https://fake.example.com" }, { localFakes: true })).toContain(key);
    }
  });
});
