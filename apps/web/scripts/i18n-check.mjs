// Every storefront string has its English (decision 109): run by `npm run check`.
//   node apps/web/scripts/i18n-check.mjs
// For each area's catalogue, the messages the code holds now (Lingui's extractor, as
// `lingui extract` finds them) must all be in app/locales/en/<area>.po with an English text. A new
// t`…` without `I18N_AREA=<area> npx lingui extract` and a translation fails here, so no English
// page shows Chinese for it.
import path from "node:path";
import { fileURLToPath } from "node:url";
import { getCatalogs } from "@lingui/cli/api";
import { getConfig } from "@lingui/conf";

const web = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
process.chdir(web);
const config = getConfig({ configPath: path.join(web, "lingui.config.ts") });
let problems = 0;
// One Chinese message has one id in every area, and the browser merges the areas: the same
// message must read the same in each, or the area loaded last would decide.
const englishOf = new Map();
for (const catalog of await getCatalogs(config)) {
  const area = path.basename(catalog.path);
  const inCode = await catalog.collect();
  if (!inCode) throw new Error(`could not read the code of ${area}`);
  const english = await catalog.read("en");
  const lines = [];
  for (const [id, entry] of Object.entries(inCode)) {
    const translated = english?.[id]?.translation?.trim();
    if (!english?.[id]) lines.push(`  not extracted: ${JSON.stringify(entry.message ?? id)}`);
    else if (!translated) lines.push(`  no English: ${JSON.stringify(entry.message ?? id)}`);
    else if (englishOf.has(id) && englishOf.get(id).text !== translated)
      lines.push(
        `  ${JSON.stringify(entry.message ?? id)} is "${translated}" here but "${englishOf.get(id).text}" in ${englishOf.get(id).area}.po`,
      );
    else englishOf.set(id, { text: translated, area });
  }
  if (lines.length > 0) {
    problems += lines.length;
    console.error(
      `app/locales/en/${area}.po:\n${lines.slice(0, 30).join("\n")}${lines.length > 30 ? `\n  …and ${lines.length - 30} more` : ""}`,
    );
  }
}
if (problems > 0) {
  console.error(
    `\n${problems} storefront message(s) without English, or with two Englishes. Run \`cd apps/web && I18N_AREA=<area> npx lingui extract\`, translate, and commit the .po.`,
  );
  process.exit(1);
}
console.log("i18n: every storefront message has its English.");
