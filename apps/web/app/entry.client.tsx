import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { browserEnglish, setActiveEnglish } from "./i18n/runtime";

/**
 * React Router's browser entry, with the page's language (decision 109). An English page hydrates
 * inside the English route's root, with the English its server render used (`#page-messages`); a
 * Chinese page loads no i18n code (the translator's default is zh-TW). A language change reloads
 * the document.
 */
const english =
  document.documentElement.lang === "en"
    ? browserEnglish(JSON.parse(document.getElementById("page-messages")?.textContent ?? "{}"))
    : undefined;
setActiveEnglish(english?.translator);
const app = <HydratedRouter />;
startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>{english ? <english.Root english={english.translator}>{app}</english.Root> : app}</StrictMode>,
  );
});
