import { type ReactNode, StrictMode, startTransition, useEffect, useState } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { type BrowserEnglish, browserEnglish, setActiveEnglish, type Translator, TranslatorContext, zhTW } from "./i18n/runtime";

/**
 * React Router's browser entry, with the page's language (decision 109). An English page hydrates
 * with the English its server render used (`#page-messages`), then fetches the rest of the
 * catalogue for what follows. A Chinese page loads no i18n code. A language change reloads the document.
 */
function Language({ english, children }: { english: BrowserEnglish | undefined; children: ReactNode }) {
  const [translator, setTranslator] = useState<Translator>(english ?? zhTW);
  useEffect(() => {
    // A new value once all is loaded: whatever showed a message the page's own set lacked renders again.
    english?.loadRest().then(() => setTranslator({ ...english }));
  }, [english]);
  return <TranslatorContext.Provider value={translator}>{children}</TranslatorContext.Provider>;
}

const english =
  document.documentElement.lang === "en"
    ? browserEnglish(JSON.parse(document.getElementById("page-messages")?.textContent ?? "{}"))
    : undefined;
setActiveEnglish(english);
startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <Language english={english}>
        <HydratedRouter />
      </Language>
    </StrictMode>,
  );
});
