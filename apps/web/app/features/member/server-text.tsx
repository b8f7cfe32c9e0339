import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { type MessageDescriptor, translate, useContentLang } from "../../i18n/runtime";

/**
 * Texts the server writes in zh-TW from a known set (ledger reasons, depot movements, status
 * labels, what stops closing an account): on an English page each known shape is shown in
 * English, with the order number, amount or name it carries; anything else is shown as sent
 * (staff's own words), marked as Chinese. A Chinese page shows the server's text untouched.
 */
type Rule = readonly [RegExp, (match: RegExpExecArray) => MessageDescriptor];

/** Points and wallet ledger reasons (apps/server: loyalty, checkout, exchange, depot, payout, raffles, rewards, refunds). */
export const LEDGER_REASONS: readonly Rule[] = [
  [/^商城分潤 訂單 (\S+)$/, ([, no = ""]) => msg`商城分潤 訂單 ${no}`],
  [/^團隊點數（第 (\d+) 代）訂單 (\S+)$/, ([, level = "", no = ""]) => msg`團隊點數（第 ${level} 代）訂單 ${no}`],
  [/^訂單 (\S+) 完成回饋$/, ([, no = ""]) => msg`訂單 ${no} 完成回饋`],
  [/^訂單 (\S+) 折抵$/, ([, no = ""]) => msg`訂單 ${no} 折抵`],
  [/^訂單 (\S+) 付款$/, ([, no = ""]) => msg`訂單 ${no} 付款`],
  [/^訂單 (\S+) 取消退還$/, ([, no = ""]) => msg`訂單 ${no} 取消退還`],
  [/^訂單 (\S+) 退款退還$/, ([, no = ""]) => msg`訂單 ${no} 退款退還`],
  [/^訂單 (\S+) 退款（(.+)）$/, ([, no = "", amount = ""]) => msg`訂單 ${no} 退款（${amount}）`],
  [/^訂單 (\S+) 退款收回點數$/, ([, no = ""]) => msg`訂單 ${no} 退款收回點數`],
  [/^訂單 (\S+) 退款收回分潤$/, ([, no = ""]) => msg`訂單 ${no} 退款收回分潤`],
  [/^兌換錢包 #(\d+)$/, ([, id = ""]) => msg`兌換錢包 #${id}`],
  [/^點數兌換 #(\d+)$/, ([, id = ""]) => msg`點數兌換 #${id}`],
  [/^兌換商品 (.+) × (\d+)$/, ([, item = "", qty = ""]) => msg`兌換商品 ${item} × ${qty}`],
  [/^提貨運費 #(\d+)$/, ([, id = ""]) => msg`提貨運費 #${id}`],
  [/^提領申請 #(\d+)$/, ([, id = ""]) => msg`提領申請 #${id}`],
  [/^提領退回 #(\d+)$/, ([, id = ""]) => msg`提領退回 #${id}`],
  [/^刮刮卡獎品：(.+)$/, ([, prize = ""]) => msg`刮刮卡獎品：${prize}`],
  [/^新會員見面禮$/, () => msg`新會員見面禮`],
  [/^(\d{4}) 生日禮$/, ([, year = ""]) => msg`${year} 生日禮`],
  [/^推薦獎金$/, () => msg`推薦獎金`],
  [/^帳號註銷，點數失效$/, () => msg`帳號註銷，點數失效`],
  [/^帳號註銷，未達提領門檻之錢包餘額失效$/, () => msg`帳號註銷，未達提領門檻之錢包餘額失效`],
  [/^客服調整：([\s\S]*)$/, ([, note = ""]) => msg`客服調整：${note}`],
];

/** Cloud depot movements (apps/server/src/modules/depot/ledger.ts, raffles). */
export const DEPOT_REASONS: readonly Rule[] = [
  [/^訂單入庫$/, () => msg`訂單入庫`],
  [/^提貨申請 #(\d+)$/, ([, id = ""]) => msg`提貨申請 #${id}`],
  [/^轉入賣家庫存$/, () => msg`轉入賣家庫存`],
  [/^訂單退款出庫$/, () => msg`訂單退款出庫`],
  [/^刮刮卡獎品：(.+)$/, ([, prize = ""]) => msg`刮刮卡獎品：${prize}`],
];

/** Where a scratch card came from (apps/server/src/modules/raffles/draws.ts). */
export const TICKET_SOURCES: readonly Rule[] = [
  [/^訂單 (\S+)$/, ([, no = ""]) => msg`訂單 ${no}`],
  [/^活動贈送$/, () => msg`活動贈送`],
];

/** A points exchange's title (apps/server/src/modules/exchange/service.ts); goods keep their own name. */
export const EXCHANGE_TITLES: readonly Rule[] = [[/^點數兌換錢包 (.+)$/, ([, amount = ""]) => msg`點數兌換錢包 ${amount}`]];

/** What stops an account closing (apps/server/src/flows/personal-data/closing-actions.ts). */
export const CLOSE_BLOCKERS: readonly Rule[] = [
  [/^您目前經營賣家商城/, () => msg`您目前經營賣家商城，請先聯繫客服移交或關閉商城，再註銷帳號`],
  [
    /^您有 (\d+) 筆訂單尚未完成/,
    ([, count = ""]) => msg`您有 ${count} 筆訂單尚未完成（待付款、處理中、配送中或鑑賞期內），請待訂單完成或取消後再註銷帳號`,
  ],
  [/^您有提領申請正在處理中/, () => msg`您有提領申請正在處理中，請待匯款完成後再註銷帳號`],
  [/^您的錢包尚有 ([^，\s]+)，/, ([, amount = ""]) => msg`您的錢包尚有 ${amount}，請先至「我的錢包」申請提領，再註銷帳號`],
  [/^您的雲端庫存尚有 (\d+) 件商品/, ([, units = ""]) => msg`您的雲端庫存尚有 ${units} 件商品，請先申請出貨，再註銷帳號`],
  [/^您的雲端庫存出貨尚未送達/, () => msg`您的雲端庫存出貨尚未送達，請待送達後再註銷帳號`],
  [/^您的電子發票尚在開立或作廢處理中/, () => msg`您的電子發票尚在開立或作廢處理中，請稍後再試`],
];

/** Status labels of takeouts, exchanges and withdrawals (depot/ledger.ts, exchange/service.ts, payout/withdrawals.ts). */
const STATUS_LABELS: Record<string, MessageDescriptor> = {
  待出貨: msg`待出貨`,
  已出貨: msg`已出貨`,
  已送達: msg`已送達`,
  已完成: msg`已完成`,
  處理中: msg`處理中`,
  "已核准，待匯款": msg`已核准，待匯款`,
  已匯款: msg`已匯款`,
  已退回: msg`已退回`,
};
export const STATUSES: readonly Rule[] = Object.entries(STATUS_LABELS).map(
  ([label, message]) => [new RegExp(`^${label}$`), () => message] as const,
);

const CJK = /[\u3400-\u9fff]/;

export interface Shown {
  text: string;
  /** Set (zh-Hant-TW) on an English page when the text stays as the server wrote it. */
  lang: "zh-Hant-TW" | undefined;
}

/** The text, in a span marking it as Chinese only where it stays as sent on an English page. */
export function Lang({ text, lang }: { text: string | undefined; lang: Shown["lang"] }) {
  return lang ? <span lang={lang}>{text}</span> : text;
}

/** `show(rules, text)`: the server's text in the page's language where its shape is known. */
export function useServerText(): (rules: readonly Rule[], text: string) => Shown {
  const { t } = useLingui();
  const contentLang = useContentLang();
  return (rules, text) => {
    if (!contentLang) return { text, lang: undefined };
    for (const [pattern, message] of rules) {
      const match = pattern.exec(text);
      if (match) return { text: t(message(match)), lang: undefined };
    }
    return { text, lang: CJK.test(text) ? contentLang : undefined };
  };
}

/**
 * The `lang` for text that may be written in either language (notices: an order placed in English
 * gets English messages): zh-Hant-TW on an English page when it holds Chinese.
 */
export function useTextLang(): (text: string | null | undefined) => "zh-Hant-TW" | undefined {
  const contentLang = useContentLang();
  return (text) => (contentLang && text && CJK.test(text) ? contentLang : undefined);
}

/** A member page's document title, as the other member pages write it (route `meta` has no hooks). */
export function memberTitle(pathname: string, page: MessageDescriptor): string {
  const name = translate(pathname, page);
  return translate(pathname, msg`${name}｜茶山好物`);
}
