import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { safeNext } from "./safe-next";

describe("safeNext: where sign-in may send a shopper", () => {
  test("paths of this site pass unchanged", () => {
    for (const path of [
      "/",
      "/member",
      "/member/wallet?page=1",
      "/shop_2/member/seller",
      "/product/details?id=3#top",
      "/a/b/../c",
    ])
      expect(safeNext(path)).toBe(path);
  });

  test("anything that could leave the site, or is no path, is refused", () => {
    for (const bad of [
      null,
      undefined,
      "",
      "member",
      "../member",
      "//evil.example",
      "//evil.example/member",
      "/\\evil.example",
      "/\\/evil.example",
      "\\\\evil.example",
      "/\t/evil.example",
      "/\n/evil.example",
      "/ /evil.example",
      "https://evil.example/",
      "http:/evil.example",
      "javascript:alert(1)",
      "/member\u0000",
      "data:text/html,x",
    ])
      expect(safeNext(bad), JSON.stringify(bad)).toBeUndefined();
  });

  // A hundred inputs through the URL parser: under 2 s on a quiet machine, past vitest's 5 s
  // default on a loaded CI runner (seen once).
  test("whatever it lets through stays on this origin when a browser resolves it", { timeout: 30_000 }, () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 24 }), fc.constantFrom("", "/", "//", "/\\", "\\"), (tail, head) => {
        const out = safeNext(head + tail);
        if (out !== undefined) expect(new URL(out, "https://shop.example/login").origin).toBe("https://shop.example");
      }),
    );
  });
});
