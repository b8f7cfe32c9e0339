import type { Messages } from "@lingui/core";
import { messages as shell } from "../locales/en/shell.po";
import { englishCatalogue } from "./catalogue";
import { englishTranslator } from "./english";
import { langOfPath, provideServerEnglish, type Translator, zhTW } from "./runtime";

const catalogue: Messages = await englishCatalogue();
const english = englishTranslator(catalogue);
/** The English of one request, recording the keys its render used. */
const recording = (seen: Set<string>) => englishTranslator(catalogue, seen);
provideServerEnglish(english);

/** A request's translator, and the English its page used (to hand to the browser). */
export interface PageLanguage {
  translator: Translator;
  /** The `<script>` carrying the English of the messages this render used; "" for zh-TW. */
  script(nonce: string): string;
}

export function pageLanguage(url: string): PageLanguage {
  if (langOfPath(new URL(url).pathname) !== "en") return { translator: zhTW, script: () => "" };
  const seen = new Set<string>();
  const translator: Translator = recording(seen);
  return {
    translator,
    script(nonce) {
      // The shell's messages always: what only the browser shows (the offline notice, a network
      // error, a reminder on start) may be needed before the rest of the catalogue has loaded.
      const used: Messages = { ...shell };
      for (const id of seen) if (catalogue[id] !== undefined) used[id] = catalogue[id];
      // JSON in a script element: "<" escaped so no message can close it.
      const json = JSON.stringify(used).replace(/</g, "\\u003c");
      return `<script type="application/json" id="page-messages" nonce="${nonce}">${json}</script>`;
    },
  };
}

/** The page's English placed before `</body>`, where the browser's entry reads it before hydrating. */
export function withPageMessages(html: string, script: string): string {
  if (!script) return html;
  const end = html.lastIndexOf("</body>");
  return end < 0 ? html + script : html.slice(0, end) + script + html.slice(end);
}
