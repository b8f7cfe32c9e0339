import { readFileSync } from "node:fs";
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import {
  approximateDistance,
  approximateSets,
  documentTokens,
  normalize,
  parseQuery,
  substringEditDistance,
  VARIANT_FROM,
  VARIANT_TO,
} from "./search.js";

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

describe("variant characters and typos", () => {
  test("variants fold to one form on both sides", () => {
    expect(normalize("臺灣檯燈 温泉")).toBe("台灣台燈 溫泉");
    expect(parseQuery("臺灣").tokens).toEqual(parseQuery("台灣").tokens);
    expect([...VARIANT_FROM].length).toBe([...VARIANT_TO].length);
  });

  test("the migration refolds stored text with the same characters", () => {
    const sql = readFileSync(new URL("../../../drizzle/0034_search_variant_folding.sql", import.meta.url), "utf8");
    expect(sql).toContain(`'${VARIANT_FROM}', '${VARIANT_TO}'`);
    expect(sql).toContain(`[${VARIANT_FROM}]`);
  });

  test("edit distance to the closest substring", () => {
    expect(substringEditDistance("烏龍", "高山烏龍茶")).toBe(0);
    expect(substringEditDistance("金萱烏籠", "阿里山金萱烏龍")).toBe(1);
    expect(substringEditDistance("oolomg", "oolong tea")).toBe(1);
    expect(substringEditDistance("abc", "")).toBe(3);
  });

  test("typos are forgiven by term length: none under 3 Chinese characters or 4 letters", () => {
    const doc = normalize("阿里山金萱烏龍 Oolong Tea");
    expect(approximateDistance(parseQuery("金萱烏籠"), doc)).toBe(1);
    expect(approximateDistance(parseQuery("oolomg"), doc)).toBe(1);
    expect(approximateDistance(parseQuery("烏籠"), doc)).toBeUndefined();
    expect(approximateDistance(parseQuery("tex"), doc)).toBeUndefined();
    expect(approximateDistance(parseQuery("金萱烏籠 oolomg"), doc)).toBe(2);
  });

  test("a term's distance never exceeds its length and is 0 exactly when it occurs", () => {
    const han = fc.constantFrom(..."高山烏龍茶禮盒鳳梨酥".split(""));
    fc.assert(
      fc.property(fc.array(han, { minLength: 1, maxLength: 6 }), fc.array(han, { maxLength: 20 }), (term, text) => {
        const d = substringEditDistance(term.join(""), text.join(""));
        expect(d).toBeLessThanOrEqual(term.length);
        expect(d === 0).toBe(text.join("").includes(term.join("")));
      }),
    );
  });
});

describe("typo candidates at scale", () => {
  test("a Chinese term one edit away keeps one of its leave-one-out sets (any position, any edit)", () => {
    const alphabet = [..."阿里山烏龍茶荼高冷泡禮盒東方美人"];
    const char = fc.constantFrom(...alphabet);
    fc.assert(
      fc.property(
        fc.array(char, { minLength: 3, maxLength: 8 }),
        fc.nat(),
        char,
        fc.constantFrom("sub", "del", "ins"),
        (term, at, c, edit) => {
          const text = term.join("");
          const i = at % term.length;
          const typed = [...term];
          if (edit === "sub") typed[i] = c;
          else if (edit === "del") typed.splice(i, 1);
          else typed.splice(i, 0, c);
          const q = parseQuery(typed.join(""));
          const sets = approximateSets(q);
          if (sets.length === 0 || approximateDistance(q, normalize(text)) === undefined) return;
          const doc = documentTokens(text);
          for (const alternatives of sets) expect(alternatives.some((set) => set.every((t) => doc.includes(t)))).toBe(true);
        },
      ),
    );
  });

  test("short terms allow no typo; a word keeps its first two letters", () => {
    expect(approximateSets(parseQuery("茶"))).toEqual([]);
    expect(approximateSets(parseQuery("oolong"))).toEqual([[["oo"]]]);
  });
});
