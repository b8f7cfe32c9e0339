/**
 * Chinese-aware keyword search without an extension: every product stores the CJK unigrams and
 * bigrams and the word prefixes of its text in a GIN-indexed array. A query becomes the tokens it
 * must contain (`search_tokens @> query_tokens`), which the index answers; the few candidates are
 * then checked for each term as a true substring of `search_text`. This is how search engines'
 * CJK analysers work, and it serves the 1–2 character queries (茶, 烏龍) a trigram index cannot.
 */

const CJK = /[\u3400-\u9fff\uf900-\ufaff\u3040-\u30ff]/;
const WORD = /[a-z0-9]+/g;
const MAX_PREFIX = 12;

/**
 * Variant characters folded to the form shoppers here type most (臺灣 finds 台灣 and back). Folding
 * is per character, so migration 0034 refolds stored text and tokens with SQL `translate()` using
 * these same two strings (a test keeps them equal).
 */
export const VARIANT_FROM = "臺檯裏着峯綫衞爲僞麪羣眞啓温鷄敎户録粧牀盃祕銹汙歎週蔴菓糉鈎搾";
export const VARIANT_TO = "台台裡著峰線衛為偽麵群真啟溫雞教戶錄妝床杯秘鏽污嘆周麻果粽鉤榨";
const FOLD = new Map([...VARIANT_FROM].map((c, i) => [c, [...VARIANT_TO][i] ?? c]));

/** Lower-case, full-width to half-width (ＡＢＣ１２３ → abc123), variants folded, spaces collapsed. */
export function normalize(text: string): string {
  const t = text.normalize("NFKC").toLowerCase().replace(/\s+/g, " ").trim();
  let out = "";
  for (const ch of t) out += FOLD.get(ch) ?? ch;
  return out;
}

function cjkRuns(text: string): string[] {
  const runs: string[] = [];
  let run = "";
  for (const ch of text) {
    if (CJK.test(ch)) run += ch;
    else if (run) {
      runs.push(run);
      run = "";
    }
  }
  if (run) runs.push(run);
  return runs;
}

/** Tokens stored for a document: CJK unigrams and bigrams, word prefixes (2..12 chars). */
export function documentTokens(text: string): string[] {
  const t = normalize(text);
  const tokens = new Set<string>();
  for (const run of cjkRuns(t)) {
    const chars = [...run];
    chars.forEach((c, i) => {
      tokens.add(c);
      if (i + 1 < chars.length) tokens.add(c + chars[i + 1]);
    });
  }
  for (const [word] of t.matchAll(WORD)) {
    for (let n = 1; n <= Math.min(word.length, MAX_PREFIX); n++) tokens.add(word.slice(0, n));
  }
  return [...tokens].sort();
}

export interface ParsedQuery {
  /** Each must occur in search_text as a substring. */
  terms: string[];
  /** Each must be in search_tokens (the indexed pre-filter). */
  tokens: string[];
}

/** Splits a shopper's query into terms and the index tokens that any match must contain. */
export function parseQuery(query: string): ParsedQuery {
  const t = normalize(query).slice(0, 50);
  const terms = t
    .split(/[\s,，、]+/)
    .map((s) => s.replace(/[^\p{L}\p{N}]/gu, ""))
    .filter(Boolean)
    .slice(0, 5);
  const tokens = new Set<string>();
  for (const term of terms) {
    for (const run of cjkRuns(term)) {
      const chars = [...run];
      if (chars.length === 1) tokens.add(run);
      for (let i = 0; i + 1 < chars.length; i++) tokens.add(chars[i] + (chars[i + 1] ?? ""));
    }
    for (const [word] of term.matchAll(WORD)) tokens.add(word.slice(0, MAX_PREFIX));
  }
  return { terms, tokens: [...tokens] };
}

/** Edits allowed in a term before it no longer matches: none for short terms (茶, 烏龍, tea). */
function typoBudget(term: string): number {
  const n = [...term].length;
  if (n > 16) return 0; // a pasted sentence, not a misspelt name
  if (CJK.test(term)) return n >= 3 ? 1 : 0;
  if (n >= 8) return 2;
  return n >= 4 ? 1 : 0;
}

/**
 * The fewest edits (insert, delete, substitute) turning `term` into some substring of `text`
 * (Sellers' approximate matching: a free start and end in the text).
 */
export function substringEditDistance(term: string, text: string): number {
  const a = [...term];
  const b = [...text];
  let prev = a.map((_, i) => i + 1);
  let best = prev[a.length - 1] ?? 0;
  for (const ch of b) {
    const row = new Array<number>(a.length);
    let diagonal = 0; // the empty prefix of the term matches anywhere at no cost
    for (let i = 0; i < a.length; i++) {
      const up = prev[i] ?? 0;
      const left = i === 0 ? 0 : (row[i - 1] ?? 0);
      row[i] = Math.min(up + 1, left + 1, diagonal + (a[i] === ch ? 0 : 1));
      diagonal = up;
    }
    prev = row;
    best = Math.min(best, row[a.length - 1] ?? 0);
  }
  return a.length === 0 ? 0 : best;
}

/**
 * Index tokens a product matching with typos still has at least one of: a CJK term's characters
 * (one wrong character leaves the others) and a word's first two letters.
 */
function approximateTokens(q: ParsedQuery): string[] {
  const tokens = new Set<string>();
  for (const term of q.terms) {
    if (typoBudget(term) === 0) continue;
    for (const run of cjkRuns(term)) for (const ch of run) tokens.add(ch);
    for (const [word] of term.matchAll(WORD)) if (word.length >= 2) tokens.add(word.slice(0, 2));
  }
  return [...tokens];
}

/** How far a document is from every term (each within its budget), or undefined when one is not. */
export function approximateDistance(q: ParsedQuery, text: string): number | undefined {
  let total = 0;
  for (const term of q.terms) {
    const d = text.includes(term) ? 0 : substringEditDistance(term, text);
    if (d > typoBudget(term)) return undefined;
    total += d;
  }
  return total;
}

/**
 * What a product within every term's typo budget must contain: per term, any one of these token
 * sets whole. A Chinese term of n characters one edit away keeps n − 1 of them, so each set leaves
 * one out (阿里山烏龍荼 → 里山烏龍荼, 阿山烏龍荼, …): a few narrow intersections of the token index
 * instead of every product with any of its characters (a third of a million at 1M, issue 51). A term
 * with Latin letters keeps a word's first two (any of them); a term allowing no edit needs its own tokens.
 */
export function approximateSets(q: ParsedQuery): string[][][] {
  if (approximateTokens(q).length === 0) return [];
  return q.terms.flatMap((term) => {
    if (typoBudget(term) === 0) {
      const own = parseQuery(term).tokens;
      return own.length > 0 ? [[own]] : [];
    }
    const chars = [...new Set(cjkRuns(term).flatMap((run) => [...run]))];
    if (chars.length >= 3 && !/[a-z0-9]/.test(term)) return [chars.map((_, i) => chars.filter((_, j) => j !== i))];
    const any = approximateTokens({ terms: [term], tokens: [] });
    return any.length > 0 ? [any.map((t) => [t])] : [];
  });
}
