// Fills English into a Lingui catalogue from a JSON map of source message → English:
//   node scripts/i18n-fill.mjs app/locales/en/checkout.po translations.json
// Messages are matched by their zh-TW msgid (placeholders included, e.g. "共 {count} 件");
// entries the map does not name are left as they are. Prints what is still untranslated.
import fs from "node:fs";
import PO from "pofile";

const [poPath, jsonPath] = process.argv.slice(2);
if (!poPath || !jsonPath) {
  console.error("usage: node scripts/i18n-fill.mjs <catalogue.po> <translations.json>");
  process.exit(2);
}
const english = JSON.parse(fs.readFileSync(jsonPath, "utf8"));
const po = PO.parse(fs.readFileSync(poPath, "utf8"));
let filled = 0;
for (const item of po.items) {
  const text = english[item.msgid];
  if (typeof text === "string" && text.trim()) {
    item.msgstr = [text];
    filled++;
  }
}
fs.writeFileSync(poPath, po.toString() + "\n");
const missing = po.items.filter((item) => !item.msgstr.join("").trim());
console.log(`${poPath}: ${filled} filled, ${missing.length} still without English`);
for (const item of missing.slice(0, 50)) console.log(`  ${JSON.stringify(item.msgid)}`);
