import { setupI18n } from "@lingui/core";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { englishCatalogue } from "./catalogue";
import { type CompiledMessage, formatCompiled } from "./compiled";

// The shop's whole English catalogue, formatted by ours and by Lingui's own I18n, must read the same
// for any values: a page hydrates with ours in the browser, and the server's must match it.
describe("the compiled-message formatter", async () => {
  const messages = await englishCatalogue();
  const lingui = setupI18n({ locale: "en", messages: { en: messages } });
  const names = (m: unknown): string[] =>
    Array.isArray(m)
      ? m.flatMap((t) => (Array.isArray(t) ? [String(t[0]), ...Object.values(t[2] ?? {}).flatMap(names)] : []))
      : [];

  it("formats every message of the catalogue as Lingui does, for numbers and words alike", () => {
    const ids = Object.keys(messages);
    expect(ids.length).toBeGreaterThan(1000);
    const value = fc.oneof(fc.integer({ min: -3, max: 1_000_000 }), fc.constantFrom("NT$1,234", "茶", "", "7-ELEVEN"));
    fc.assert(
      fc.property(fc.constantFrom(...ids), fc.array(value, { minLength: 4, maxLength: 4 }), (id, picks) => {
        const message = messages[id] as CompiledMessage;
        const values = Object.fromEntries(names(message).map((n, i) => [n, picks[i % picks.length]]));
        expect(formatCompiled(message, values, "en")).toBe(lingui._(id, values));
      }),
      { numRuns: 3000 },
    );
  });

  it("plural, exact and select cases, and # inside a plural", () => {
    const plural: CompiledMessage = [
      "You have ",
      ["n", "plural", { "=0": ["no items"], one: ["#", " item"], other: ["#", " items"] }],
    ];
    expect(formatCompiled(plural, { n: 0 }, "en")).toBe("You have no items");
    expect(formatCompiled(plural, { n: 1 }, "en")).toBe("You have 1 item");
    expect(formatCompiled(plural, { n: 1200 }, "en")).toBe("You have 1,200 items");
    const select: CompiledMessage = [["kind", "select", { card: ["by card"], other: ["another way"] }]];
    expect(formatCompiled(select, { kind: "card" }, "en")).toBe("by card");
    expect(formatCompiled(select, { kind: "cod" }, "en")).toBe("another way");
  });
});
