import type { Lang } from "@shop/contract";

// The brand as every SMS of the shop opens with it (the sign-in codes say it the same way).
const BRAND = "茶山好物";

/** What a member is texted and told about their payout account, in their language (decision 109). */
const PAYOUT_WORDS = {
  "zh-TW": {
    code: (c: string) => `【${BRAND}】您正在設定收款帳戶，驗證碼為 ${c}，10 分鐘內有效。若非本人操作，請立即變更密碼並聯繫客服。`,
    changedTitle: "收款帳戶已變更",
    changed: (bank: string, masked: string, holder: string, hours: number) =>
      `您的收款帳戶已設定為 ${bank} ${masked}（戶名 ${holder}），${hours} 小時後才能提領。若不是您本人操作，請立即聯繫客服。`,
    sms: (body: string) => `【${BRAND}】${body}`,
  },
  en: {
    code: (c: string) =>
      `[${BRAND}] Your code to set your payout account is ${c}, valid for 10 minutes. If this was not you, change your password and contact customer service at once.`,
    changedTitle: "Your payout account has changed",
    // The bank's name comes from the official list, which names banks in Chinese only.
    changed: (bank: string, masked: string, holder: string, hours: number) =>
      `Your payout account is now ${bank} ${masked} (holder ${holder}); withdrawals open in ${hours} hours. If this was not you, contact customer service at once.`,
    sms: (body: string) => `[${BRAND}] ${body}`,
  },
} as const;

export const payoutWords = (lang: Lang | undefined) => PAYOUT_WORDS[lang === "en" ? "en" : "zh-TW"];
