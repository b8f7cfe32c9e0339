/**
 * Formats a message of Lingui's compiled catalogue (what @lingui/vite-plugin turns a .po into):
 * a string, or a list of strings and `[name]` / `[name, "plural" | "selectordinal" | "select", cases]`
 * tokens. Lingui's own `I18n` does this too, but it is 2.2 KB of an English page's first load, which
 * the 120 KB budget cannot hold (decision 109); its output for every message of the shop's
 * catalogue is compared with this in compiled.test.ts.
 */
export type CompiledMessage = string | CompiledToken[];
type CompiledToken = string | [name: string, type?: string, cases?: Record<string, CompiledMessage | number>];

type Values = Record<string, unknown> | undefined;

export function formatCompiled(message: CompiledMessage, values: Values, locale: string): string {
  return format(message, values, locale, undefined);
}

/** `hash`: inside a plural's case, what `#` stands for (the number, formatted). */
function format(message: CompiledMessage | number | undefined, values: Values, locale: string, hash: string | undefined): string {
  if (message === undefined) return "";
  if (!Array.isArray(message)) return String(message);
  let out = "";
  for (const token of message) {
    if (typeof token === "string") {
      out += token === "#" && hash !== undefined ? hash : token;
      continue;
    }
    const [name, type, cases = {}] = token;
    const value = values?.[name];
    if (type === "plural" || type === "selectordinal") {
      const offset = Number(cases.offset ?? 0);
      const n = Number(value) - offset;
      const rules = new Intl.PluralRules(locale, { type: type === "plural" ? "cardinal" : "ordinal" });
      const chosen = cases[`=${Number(value)}`] ?? cases[rules.select(n)] ?? cases.other;
      const number = new Intl.NumberFormat(locale).format(n);
      out += format(chosen, values, locale, number);
    } else if (type === "select") {
      out += format(cases[String(value)] ?? cases.other, values, locale, hash);
    } else if (value !== undefined && value !== null) {
      out += String(value);
    }
  }
  return out;
}
