import type { Messages } from "@lingui/core";
import { type CompiledMessage, formatCompiled } from "./compiled";
import { fill, type Translator } from "./runtime";

export interface EnglishTranslator extends Translator {
  /** Adds messages (the whole catalogue, after the page's own). */
  load(messages: Messages): void;
}

/**
 * The English translator over the compiled catalogue. A message with no English yet falls back to
 * its zh-TW source (i18n-check and the untranslated-key walk in e2e keep that from shipping). `seen`
 * collects the ids a server render used, so the page carries only their English (decision 109).
 */
export function englishTranslator(messages: Messages, seen?: Set<string>): EnglishTranslator {
  const catalogue: Record<string, CompiledMessage> = { ...(messages as Record<string, CompiledMessage>) };
  return {
    lang: "en",
    _: (descriptor, values) => {
      const d = typeof descriptor === "string" ? { id: descriptor, message: descriptor, values } : descriptor;
      seen?.add(d.id);
      const english = catalogue[d.id];
      const given = d.values ?? values;
      return english === undefined ? fill(d.message ?? d.id, given) : formatCompiled(english, given, "en");
    },
    load: (more) => Object.assign(catalogue, more),
  };
}
