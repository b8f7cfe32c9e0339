import { type Messages, setupI18n } from "@lingui/core";
import { fill, type Translator } from "./runtime";

export interface EnglishTranslator extends Translator {
  /** Adds messages (the whole catalogue, after the page's own). */
  load(messages: Messages): void;
}

/**
 * The English translator: Lingui with the compiled catalogue. A message with no English yet falls
 * back to its zh-TW source (the untranslated-key walk in e2e finds those). `seen` collects the ids a
 * server render used, so the page carries only their English (decision 109).
 */
export function englishTranslator(messages: Messages, seen?: Set<string>): EnglishTranslator {
  const i18n = setupI18n({ locale: "en", messages: { en: messages } });
  return {
    lang: "en",
    _: (descriptor, values) => {
      const {
        id,
        message,
        values: own,
      } = typeof descriptor === "string" ? { id: descriptor, message: descriptor, values } : descriptor;
      seen?.add(id);
      if (i18n.messages[id] === undefined) return fill(message ?? id, own ?? values);
      return i18n._(id, own ?? values);
    },
    load: (more) => i18n.load("en", more),
  };
}
