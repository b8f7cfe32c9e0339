import { msg } from "@lingui/core/macro";
import type { Lang, MessageDescriptor } from "../../i18n/runtime";

/**
 * A promotion's rule as the server words it (apps/server/src/modules/promotions/service.ts,
 * ruleText), in the page's language: a Chinese page shows the server's text as it is; an English
 * page reads the amounts out of it. A wording this does not know stays as the server sent it.
 */
export function promotionRule(text: string, lang: Lang, t: (descriptor: MessageDescriptor) => string): string {
  if (lang !== "en") return text;
  let match = /^消費滿 (\S+) 折 (\S+)$/.exec(text);
  if (match) {
    const [, threshold = "", amount = ""] = match;
    return t(msg`消費滿 ${threshold} 折 ${amount}`);
  }
  match = /^消費滿 (\S+) 享 (\d+) 折$/.exec(text);
  if (match) {
    const [, threshold = "", label = ""] = match;
    // "9 折" pays 90% (10% off), "85 折" pays 85% (15% off).
    const pays = label.length === 1 ? Number(label) * 10 : Number(label);
    const percent = 100 - pays;
    return t(msg`消費滿 ${threshold} 享 ${percent}% 折扣`);
  }
  match = /^指定商品任選 (\d+) 件 (\S+)$/.exec(text);
  if (match) {
    const [, count, price = ""] = match;
    const qty = Number(count);
    return t(msg`指定商品任選 ${qty} 件 ${price}`);
  }
  return text;
}
