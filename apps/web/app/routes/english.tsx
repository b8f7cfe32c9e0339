import { Outlet } from "react-router";
import { englishTranslator } from "../i18n/english";
import { provideEnglish } from "../i18n/runtime";

/**
 * `/en/…` and `/shop_N/en/…`: the same pages in English (decision 109). Lingui's English
 * translator lives in this route's module, so React Router preloads it with an English page only.
 */
provideEnglish((pageMessages) => {
  const english = englishTranslator(pageMessages);
  const loadRest = async () => {
    const { englishCatalogue } = await import("../i18n/catalogue");
    english.load(await englishCatalogue());
  };
  return { ...english, loadRest };
});

export default function English() {
  return <Outlet />;
}
