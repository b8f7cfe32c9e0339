import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { type MessageDescriptor, useContentLang } from "../../i18n/runtime";

/**
 * Texts the checkout's server writes in zh-TW from known sets: method names, why a method, an
 * add-on or a coupon cannot be used. On an English page each known one is shown in English (with
 * the amount, name or date it carries); anything else is shown as sent, marked as Chinese (a ship
 * method staff renamed in 運費設定 is the shop's own words). A Chinese page shows them untouched.
 */
type Say = (kind: Kind, text: string) => string;
type Rule = readonly [RegExp, (match: RegExpExecArray, say: Say) => MessageDescriptor];
type Kind = "ship" | "pay" | "payReason" | "shipReason" | "deal" | "coupon";

/** Exact texts: a rule each. */
const exactly = (names: Record<string, MessageDescriptor>): Rule[] =>
  Object.entries(names).map(([text, words]) => [new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`), () => words]);

// Ship method names (apps/server: logistics/ship-method-defaults.ts, orders/buyer-views.ts).
const SHIP_NAMES = exactly({
  宅配到府: msg`宅配到府`,
  新竹物流宅配: msg`新竹物流宅配`,
  黑貓宅急便: msg`黑貓宅急便`,
  中華郵政宅配: msg`中華郵政宅配`,
  "7-ELEVEN 超商取貨": msg`7-ELEVEN 超商取貨`,
  全家超商取貨: msg`全家超商取貨`,
  萊爾富超商取貨: msg`萊爾富超商取貨`,
  "OK 超商取貨": msg`OK 超商取貨`,
  "雲端庫存（暫不出貨）": msg`雲端庫存（暫不出貨）`,
  賣家自行配送: msg`賣家自行配送`,
});

// The contract's PAYMENT_METHOD_LABELS (LINE Pay, Apple Pay and Google Pay are their own names everywhere).
const PAYMENT_NAMES = exactly({
  信用卡: msg`信用卡`,
  "ATM／銀行轉帳": msg`ATM／銀行轉帳`,
  貨到付款: msg`貨到付款`,
  "點數／錢包全額付款": msg`點數／錢包全額付款`,
  街口支付: msg`街口支付`,
  悠遊付: msg`悠遊付`,
  "Atome 先享後付": msg`Atome 先享後付`,
  "ATM 虛擬帳號（免回報）": msg`ATM 虛擬帳號（免回報）`,
});

// apps/server: orders/pay-methods.ts, checkout/quote-steps.ts.
const PAYMENT_REASONS = exactly({
  "已由點數／錢包全額支付": msg`已由點數／錢包全額支付`,
  "限時搶購商品僅能以線上付款（信用卡等）結帳": msg`限時搶購商品僅能以線上付款（信用卡等）結帳`,
  貨到付款僅限宅配與超商取貨: msg`貨到付款僅限宅配與超商取貨`,
  僅限會員使用: msg`僅限會員使用`,
  點數與錢包需足以支付全額: msg`點數與錢包需足以支付全額`,
});

// A parcel's temperature (the contract's TEMPERATURE_LABELS), as the ship reasons name it.
const TEMPERATURES = exactly({ 常溫: msg`常溫`, 冷藏: msg`冷藏`, 冷凍: msg`冷凍` });

// Why a method cannot carry the parcel (apps/server: pricing/shipping-fees.ts). Islands are place names: as written.
const SHIP_REASONS: readonly Rule[] = [
  [
    /^商品材積超過 150 公分，(.+)無法配送，請分開下單$/,
    ([, m = ""], say) => {
      const method = say("ship", m);
      return msg`商品材積超過 150 公分，${method}無法配送，請分開下單`;
    },
  ],
  [
    /^(.+)不配送(常溫|冷藏|冷凍)商品，請改選其他配送方式$/,
    ([, m = "", label = ""], say) => {
      const method = say("ship", m);
      const temp = say("ship", label);
      return msg`${method}不配送${temp}商品，請改選其他配送方式`;
    },
  ],
  [
    /^包裹重量 ([\d.]+) 公斤超過(.+)上限 ([\d.]+) 公斤，請分開下單$/,
    ([, weight = "", m = "", max = ""], say) => {
      const method = say("ship", m);
      return msg`包裹重量 ${weight} 公斤超過${method}上限 ${max} 公斤，請分開下單`;
    },
  ],
  [
    /^商品材積 (\d+) 公分超過(.+)上限，請改選其他配送方式$/,
    ([, size = "", m = ""], say) => {
      const method = say("ship", m);
      return msg`商品材積 ${size} 公分超過${method}上限，請改選其他配送方式`;
    },
  ],
  [
    /^(.+)不配送離島（(.+)），請改選其他配送方式$/,
    ([, m = "", island = ""], say) => {
      const method = say("ship", m);
      return msg`${method}不配送離島（${island}），請改選其他配送方式`;
    },
  ],
  [
    /^(常溫|冷藏|冷凍)商品無法配送至(.+)，請改選其他地址或配送方式$/,
    ([, label = "", island = ""], say) => {
      const temp = say("ship", label);
      return msg`${temp}商品無法配送至${island}，請改選其他地址或配送方式`;
    },
  ],
];

// 加價購 and 滿額贈 (apps/server: pricing/extras.ts): an add-on's reason, and what the quote refuses.
const DEALS: readonly Rule[] = [
  [/^加價購商品已售完$/, () => msg`加價購商品已售完`],
  [/^再買 (NT\$[\d,]+) 即可加價購$/, ([, money = ""]) => msg`再買 ${money} 即可加價購`],
  [/^購買指定商品即可加價購$/, () => msg`購買指定商品即可加價購`],
  [/^此加價購活動已結束$/, () => msg`此加價購活動已結束`],
  [/^「(.+)」每筆訂單限加購 (\d+) 件$/, ([, title = "", cap = ""]) => msg`「${title}」每筆訂單限加購 ${cap} 件`],
  [/^「(.+)」庫存不足，目前剩 (\d+) 件$/, ([, title = "", left = ""]) => msg`「${title}」庫存不足，目前剩 ${left} 件`],
  [/^「(.+)」已售完$/, ([, title = ""]) => msg`「${title}」已售完`],
  [/^贈品「(.+)」已送完，請改選其他贈品$/, ([, gift = ""]) => msg`贈品「${gift}」已送完，請改選其他贈品`],
  [/^「(.+)」沒有此贈品$/, ([, title = ""]) => msg`「${title}」沒有此贈品`],
  [
    /^「(.+)」每人限購 (\d+) 件，您已購買 (\d+) 件$/,
    ([, name = "", limit = "", bought = ""]) => msg`「${name}」每人限購 ${limit} 件，您已購買 ${bought} 件`,
  ],
  [/^「(.+)」每人限購 (\d+) 件$/, ([, name = "", limit = ""]) => msg`「${name}」每人限購 ${limit} 件`],
  [
    /^「(.+)」：(.+)$/,
    ([, title = "", r = ""], say) => {
      const reason = say("deal", r);
      return msg`「${title}」：${reason}`;
    },
  ],
];

// Why a coupon or a promo code does not apply (apps/server: pricing/pricing.ts, loyalty/coupon-codes.ts).
const COUPONS: readonly Rule[] = [
  [/^此優惠碼已達使用上限$/, () => msg`此優惠碼已達使用上限`],
  [/^購物車中沒有適用此優惠券的商品$/, () => msg`購物車中沒有適用此優惠券的商品`],
  [/^消費未達優惠券門檻 (NT\$[\d,]+)$/, ([, money = ""]) => msg`消費未達優惠券門檻 ${money}`],
  [/^查無此優惠碼，請確認後再輸入$/, () => msg`查無此優惠碼，請確認後再輸入`],
  [/^此優惠碼已被使用$/, () => msg`此優惠碼已被使用`],
  [/^此優惠碼已停止使用$/, () => msg`此優惠碼已停止使用`],
  [/^此優惠碼尚未開始，(.+) 起可使用$/, ([, start = ""]) => msg`此優惠碼尚未開始，${start} 起可使用`],
  [/^此優惠碼已於 (.+) 到期$/, ([, end = ""]) => msg`此優惠碼已於 ${end} 到期`],
  [/^此優惠碼每人限用 (\d+) 次，您已使用完畢$/, ([, limit = ""]) => msg`此優惠碼每人限用 ${limit} 次，您已使用完畢`],
  [/^此優惠碼已達使用上限，請移除優惠碼後再結帳$/, () => msg`此優惠碼已達使用上限，請移除優惠碼後再結帳`],
  [/^此優惠碼已被使用，請移除優惠碼後再結帳$/, () => msg`此優惠碼已被使用，請移除優惠碼後再結帳`],
];

const RULES: Record<Kind, readonly Rule[]> = {
  // Temperatures are looked up with the ship names: they only appear inside the ship reasons.
  ship: [...SHIP_NAMES, ...TEMPERATURES],
  pay: PAYMENT_NAMES,
  payReason: PAYMENT_REASONS,
  shipReason: SHIP_REASONS,
  deal: DEALS,
  coupon: COUPONS,
};

/**
 * `say(kind, text)`: the server's text in the page's language when it is a known one, else as sent;
 * `lang(kind, text)`: the `lang` of the element showing it (set only for a text left in Chinese).
 */
export function useServerText() {
  const { t } = useLingui();
  const contentLang = useContentLang();
  const find = (kind: Kind, text: string): MessageDescriptor | undefined => {
    for (const [pattern, words] of RULES[kind]) {
      const match = pattern.exec(text);
      if (match) return words(match, say);
    }
    return undefined;
  };
  const say: Say = (kind, text) => {
    const words = find(kind, text);
    return words ? t(words) : text;
  };
  const lang = (kind: Kind, text: string) => (find(kind, text) ? undefined : contentLang);
  return { say, lang };
}
