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

/** Lower-case, full-width to half-width (ＡＢＣ１２３ → abc123), spaces collapsed. */
export function normalize(text: string): string {
  return text.normalize("NFKC").toLowerCase().replace(/\s+/g, " ").trim();
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
