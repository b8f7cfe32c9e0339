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
  // Not copied: the server shares one catalogue between requests (and never adds to it).
  const catalogue = messages as Record<string, CompiledMessage>;
  return {
    lang: "en",
    _: (descriptor, values) => {
      const d = typeof descriptor === "string" ? { id: undefined, message: descriptor, values } : descriptor;
      // The bundle keeps a message's id only when it has a context (lingui-macro.ts).
      const key = (d.id as string | undefined) || (d.message ?? "");
      seen?.add(key);
      const english = catalogue[key];
      const given = d.values ?? values;
      return english === undefined ? fill(d.message ?? key, given) : formatCompiled(english, given, "en");
    },
    load: (more) => Object.assign(catalogue, more),
  };
}
