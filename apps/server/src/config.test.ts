import path from "node:path";
import { describe, expect, test } from "vitest";
import { ConfigError, loadConfig } from "./config.js";

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
