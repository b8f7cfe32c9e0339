import { type ReactNode, useEffect, useState } from "react";
import { Outlet } from "react-router";
import { type EnglishTranslator, englishTranslator } from "../i18n/english";
import { type BrowserEnglish, provideEnglish, type Translator, TranslatorContext } from "../i18n/runtime";

/**
 * `/en/…` and `/shop_N/en/…`: the same pages in English (decision 109). The English translator
 * lives in this route's module, so React Router preloads it with an English page only and the
 * browser's entry takes it from here.
 */
/** The app on an English page: the page's translator, then the whole catalogue once fetched. */
function EnglishRoot({ english, children }: { english: EnglishTranslator; children: ReactNode }) {
  const [translator, setTranslator] = useState<Translator>(english);
  useEffect(() => {
    // The rest of the catalogue (routes/english-messages.ts), for the pages that follow; a new
    // value so that whatever showed a message the page's own set lacked renders again.
    const build = (window as { __reactRouterManifest?: { version?: string } }).__reactRouterManifest?.version;
    fetch(`/i18n/en.json?v=${build ?? ""}`)
      // A failed answer is no JSON: the catch below keeps the page as it is.
      .then((r) => r.json())
      .then((rest) => {
        english.load(rest);
        setTranslator({ ...english });
      })
      .catch(() => undefined);
  }, [english]);
  return <TranslatorContext.Provider value={translator}>{children}</TranslatorContext.Provider>;
}

provideEnglish((pageMessages) => ({
  translator: englishTranslator(pageMessages),
  Root: EnglishRoot as BrowserEnglish["Root"],
}));

export default function English() {
  return <Outlet />;
}
