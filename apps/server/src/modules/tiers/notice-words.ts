import { formatDate, formatMoney } from "@shop/contract/format";

type Kind = "upgrade" | "renewal" | "downgrade";

const TITLE = {
  "zh-TW": { upgrade: "會員等級升級", renewal: "會員等級續等", downgrade: "會員等級調整" },
  en: { upgrade: "Membership level up", renewal: "Membership level renewed", downgrade: "Membership level changed" },
} as const;

/** A level change told in zh-TW, with its English words for a member whose language is English (decision 109). */
export interface TierNoticeWords {
  title: string;
  body: string;
  en: { title: string; body: string };
}

/**
 * What a member is told when their level changes at payment or a period's end. The level's name
 * is the shop's own (staff name levels in zh-TW only) and stays as written in both languages.
 */
export function levelChangeWords(kind: Kind, level: string, spend: number, validUntil?: Date): TierNoticeWords {
  const money = formatMoney(spend);
  const until = validUntil ? formatDate(validUntil) : "";
  const zhBody =
    kind === "downgrade"
      ? `期間消費 ${money}，會員等級調整為「${level}」${until ? `，有效至 ${until}` : ""}。`
      : `期間消費 ${money}，您的會員等級為「${level}」${until ? `，有效至 ${until}` : ""}。`;
  const enBody =
    kind === "downgrade"
      ? `You spent ${money} in the period; your level is now "${level}"${until ? `, valid until ${until}` : ""}.`
      : `You spent ${money} in the period; your level is "${level}"${until ? `, valid until ${until}` : ""}.`;
  return {
    title: `${TITLE["zh-TW"][kind]}：${level}`,
    body: zhBody,
    en: { title: `${TITLE.en[kind]}: ${level}`, body: enBody },
  };
}

/** An upgrade taken back after the order that earned it was cancelled or refunded. */
export function levelTakenBackWords(level: string, spend: number): TierNoticeWords {
  const money = formatMoney(spend);
  return {
    title: `${TITLE["zh-TW"].downgrade}：${level}`,
    body: `訂單取消或退款後，期間消費為 ${money}，會員等級調整為「${level}」。`,
    en: {
      title: `${TITLE.en.downgrade}: ${level}`,
      body: `After an order was cancelled or refunded, your spending in the period is ${money}; your level is now "${level}".`,
    },
  };
}
