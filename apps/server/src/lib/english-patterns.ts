/** A zh-TW text with `{name}` where a value goes, and its English with the same names. */
export type EnglishPattern = readonly [zh: string, en: string];

const escapeRegex = (text: string) => text.replace(/[.*+?^$()[\]\\|]/g, "\\$&");

/**
 * English for zh-TW texts built with values (decision 109): the first pattern that fits wins; each
 * value is kept as written unless `words` has its English (a field's name, a payment method's).
 */
export function englishPatterns(patterns: readonly EnglishPattern[], words: Readonly<Record<string, string>> = {}) {
  const compiled = patterns.map(([zh, en]) => {
    const names: string[] = [];
    const source = zh
      .split(/(\{\w+\})/)
      .map((part) => {
        const name = /^\{(\w+)\}$/.exec(part)?.[1];
        if (!name) return escapeRegex(part);
        names.push(name);
        return "(.+?)";
      })
      .join("");
    return { re: new RegExp(`^${source}$`, "s"), names, en };
  });
  return (zh: string): string | undefined => {
    for (const p of compiled) {
      const m = p.re.exec(zh);
      if (!m) continue;
      const values = new Map(p.names.map((name, i) => [name, m[i + 1] ?? ""]));
      return p.en.replace(/\{(\w+)\}/g, (_, name: string) => {
        const value = values.get(name) ?? "";
        return words[value] ?? value;
      });
    }
    return undefined;
  };
}
