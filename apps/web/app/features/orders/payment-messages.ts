import { msg } from "@lingui/core/macro";
import type { MessageDescriptor } from "../../i18n/runtime";
import { paymentMethodText } from "./order-labels";

// What the server says of an unpaid payment (payments.message, a card_failed answer), written in
// zh-TW from a fixed set (card-attempts.ts REFUSED, payment-settlement.ts, payment-change.ts): an
// English page shows each in English, the way to pay in it too; anything else (a bank's own
// words) as sent.

type Translate = (descriptor: MessageDescriptor) => string;

const FIXED: Record<string, MessageDescriptor> = {
  信用卡授權失敗請確認卡片資料或改用其他付款方式: msg`信用卡授權失敗，請確認卡片資料或改用其他付款方式`,
  "Apple Pay 付款失敗請改用其他付款方式": msg`Apple Pay 付款失敗，請改用其他付款方式`,
  "Google Pay 付款失敗請改用其他付款方式": msg`Google Pay 付款失敗，請改用其他付款方式`,
  "LINE Pay 付款未成功請再試一次或改用其他付款方式": msg`LINE Pay 付款未成功，請再試一次或改用其他付款方式`,
  街口支付付款未成功請再試一次或改用其他付款方式: msg`街口支付付款未成功，請再試一次或改用其他付款方式`,
  悠遊付付款未成功請再試一次或改用其他付款方式: msg`悠遊付付款未成功，請再試一次或改用其他付款方式`,
  "Atome 付款未成功請再試一次或改用其他付款方式": msg`Atome 付款未成功，請再試一次或改用其他付款方式`,
  虛擬帳號建立失敗請稍後再試或改用其他付款方式: msg`虛擬帳號建立失敗，請稍後再試或改用其他付款方式`,
  付款結果確認中: msg`付款結果確認中`,
  付款結果確認中請稍後查看訂單請勿重複付款: msg`付款結果確認中，請稍後查看訂單，請勿重複付款`,
  訂單狀態已變更請重新整理: msg`訂單狀態已變更，請重新整理`,
  未完成付款請重新付款: msg`未完成付款，請重新付款`,
  "3D 驗證未通過請重新付款": msg`3D 驗證未通過，請重新付款`,
  "尚未完成 3D 驗證請重新付款": msg`尚未完成 3D 驗證，請重新付款`,
};

/** The message in the page's language where its shape is known; else as the server sent it. */
export function paymentMessageText(t: Translate, message: string): string {
  // Keyed without the full-width commas: a key reads the same whichever comma the server wrote.
  const fixed = FIXED[message.replaceAll("，", "")];
  if (fixed) return t(fixed);
  let m = /^尚未完成(.+)付款，請重新付款$/.exec(message);
  if (m) {
    const method = paymentMethodText(t, m[1] ?? "");
    return t(msg`尚未完成${method}付款，請重新付款`);
  }
  m = /^(.+)尚未付款成功，請重新付款$/.exec(message);
  if (m) {
    const method = paymentMethodText(t, m[1] ?? "");
    return t(msg`${method}尚未付款成功，請重新付款`);
  }
  m = /^(.+)付款未完成，請重新付款$/.exec(message);
  if (m) {
    const method = paymentMethodText(t, m[1] ?? "");
    return t(msg`${method}付款未完成，請重新付款`);
  }
  m = /^已改用(.+)付款$/.exec(message);
  if (m) {
    const method = paymentMethodText(t, m[1] ?? "");
    return t(msg`已改用${method}付款`);
  }
  return message;
}
