import { redirect } from "react-router";
import { langOfPath } from "../../i18n/runtime";

/**
 * A loader's or action's redirect that replaces the current history entry (a sign-in callback or
 * an already-signed-in /login is not left behind for the back button): what React Router's
 * `replace()` answers, built on `redirect()` so that `replace` does not join the first-load chunk
 * every page shares (the 120 KB budget, bench/page-weight.ts).
 */
export const replaceTo = (to: string) => redirect(to, { headers: { "X-Remix-Replace": "true" } });

/**
 * `replaceTo`, except that a destination in the other language than this document's is a whole
 * new document (the language is set per document): the page keeps showing what it shows meanwhile.
 */
export function leaveTo(to: string): Promise<never> {
  const here = document.documentElement.lang === "en" ? "en" : "zh-TW";
  const target = new URL(to, window.location.href);
  if (langOfPath(target.pathname) === here) throw replaceTo(to);
  window.location.replace(target.href);
  return new Promise(() => {});
}
