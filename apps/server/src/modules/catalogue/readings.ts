/**
 * Sound-alike matching (decision 85): shoppers here type by sound (注音 or 拼音 input), so a wrong
 * character of the same sound is the usual typo (烏隆 for 烏龍, 金宣 for 金萱). A product name's
 * Chinese is stored as its toneless pinyin (注音 and pinyin are one-to-one, so pinyin stands for
 * both): `search_reading` holds it, and its syllable pairs go beside the CJK tokens in the
 * GIN-indexed `search_tokens`, marked with READING_MARK (no text token can start with it).
 */

import type { ParsedQuery } from "./search.js";

const CJK_RUN = /[\u3400-\u9fff\uf900-\ufaff]+/g;
const HAN_ONLY = /^[\u3400-\u9fff\uf900-\ufaff]{2,}$/;
const READING_MARK = "~";

type Pinyin = typeof import("pinyin-pro").pinyin;
let loading: Promise<Pinyin> | undefined;
/** pinyin-pro's dictionary is loaded on first use (a search that found nothing, a product saved). */
const pinyinPro = (): Promise<Pinyin> => {
  loading ??= import("pinyin-pro").then((m) => m.pinyin);
  return loading;
};

/** Each run of Chinese in normalised text as its toneless syllables (綠 → lv). */
async function runReadings(text: string): Promise<string[][]> {
  const runs = text.match(CJK_RUN) ?? [];
  if (runs.length === 0) return [];
  const pinyin = await pinyinPro();
  return runs.map((run) => pinyin(run, { toneType: "none", type: "array", v: true }));
}

const pairs = (syllables: string[]) => syllables.slice(1).map((s, i) => `${READING_MARK}${syllables[i]} ${s}`);

/**
 * What a product name sounds like: `reading` is each Chinese run's syllables, runs apart
 * (" a li shan jin xuan wu long / li he "), and `tokens` its marked syllable pairs for the index.
 */
export async function nameReading(normalisedName: string): Promise<{ reading: string; tokens: string[] }> {
  const runs = await runReadings(normalisedName);
  return {
    reading: runs.length ? ` ${runs.map((r) => r.join(" ")).join(" / ")} ` : "",
    tokens: [...new Set(runs.flatMap(pairs))],
  };
}

export interface ReadingQuery {
  /** Terms of two or more Chinese characters, each as the syllables that must occur in the name. */
  sounds: Array<{ term: string; reading: string }>;
  /** The query's other terms, matched as text. */
  texts: string[];
  /** Index tokens every match has: the syllable pairs of the sounds. */
  tokens: string[];
}

/**
 * A query as readings, or undefined when no term is two or more Chinese characters (a single
 * character's sound matches too much to be a correction).
 */
export async function readingQuery(q: ParsedQuery): Promise<ReadingQuery | undefined> {
  const sounds: ReadingQuery["sounds"] = [];
  const texts: string[] = [];
  const tokens = new Set<string>();
  for (const term of q.terms) {
    if (!HAN_ONLY.test(term)) {
      texts.push(term);
      continue;
    }
    const syllables = (await runReadings(term))[0] ?? [];
    sounds.push({ term, reading: ` ${syllables.join(" ")} ` });
    for (const t of pairs(syllables)) tokens.add(t);
  }
  return sounds.length > 0 ? { sounds, texts, tokens: [...tokens] } : undefined;
}
