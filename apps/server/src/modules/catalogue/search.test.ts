import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { documentTokens, normalize, parseQuery } from "./search.js";

describe("CJK search tokens", () => {
  test("unigrams and bigrams of Chinese, prefixes of words", () => {
    const tokens = documentTokens("高山烏龍 Tea");
    for (const t of ["高", "山", "烏", "龍", "高山", "山烏", "烏龍", "t", "te", "tea"]) expect(tokens).toContain(t);
    expect(tokens).not.toContain("高山烏");
  });

  test("queries need every bigram; a single character is its own token", () => {
    expect(parseQuery("烏龍")).toEqual({ terms: ["烏龍"], tokens: ["烏龍"] });
    expect(parseQuery("茶").tokens).toEqual(["茶"]);
    expect(parseQuery("高山烏龍茶").tokens).toEqual(["高山", "山烏", "烏龍", "龍茶"]);
    expect(parseQuery("  烏龍，禮盒 ").terms).toEqual(["烏龍", "禮盒"]);
  });

  test("full-width and case are folded", () => {
    expect(normalize("ＴＥＡ　１２３")).toBe("tea 123");
    expect(parseQuery("ＴＥＡ").tokens).toEqual(["tea"]);
  });

  test("punctuation, SQL and emoji leave only letters and digits", () => {
    expect(parseQuery("'; drop table products; --").terms).toEqual(["drop", "table", "products"]);
    expect(parseQuery("🍵🍵").terms).toEqual([]);
    expect(parseQuery("%_").terms).toEqual([]);
  });

  test("any substring of a document's Chinese text is found by its tokens", () => {
    const han = fc.constantFrom(..."高山烏龍茶禮盒鳳梨酥紅玉東方美人包種金萱".split(""));
    fc.assert(
      fc.property(fc.array(han, { minLength: 1, maxLength: 12 }), fc.nat(), fc.nat(), (chars, a, b) => {
        const doc = chars.join("");
        const start = a % chars.length;
        const end = start + 1 + (b % (chars.length - start));
        const query = chars.slice(start, end).join("");
        const docTokens = new Set(documentTokens(doc));
        expect(parseQuery(query).tokens.every((t) => docTokens.has(t))).toBe(true);
      }),
    );
  });
});
