import { describe, expect, test } from "vitest";
import { parseShopPrefix, shopScope } from "./shop";

describe("shop prefix", () => {
  test("only shop_{positive id} is a sub-mall", () => {
    expect(parseShopPrefix("shop_2")).toBe(2);
    expect(parseShopPrefix("shop_1234")).toBe(1234);
    for (const s of ["shop_", "shop_0", "shop_02", "shop_x", "shops_2", "product", undefined, "shop_2x"]) {
      expect(parseShopPrefix(s)).toBeUndefined();
    }
  });

  test("links keep the base path", () => {
    expect(shopScope(2).path("/terms")).toBe("/shop_2/terms");
    expect(shopScope(2).path("/")).toBe("/shop_2/");
    expect(shopScope(undefined).path("/terms")).toBe("/terms");
    expect(shopScope(1).path("/")).toBe("/");
    expect(shopScope(2).path("relative")).toBe("relative");
  });
});
