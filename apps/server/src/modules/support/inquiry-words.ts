import type { Lang } from "@shop/contract";

type Asked = { name: string; subject: string; message: string };

/** The asker's mail in the language of the page they wrote from (decision 109); staff's words are kept as written. */
const WORDS = {
  "zh-TW": {
    receipt: (brand: string, q: Asked) => ({
      subject: `【${brand}】已收到您的詢問：${q.subject}`,
      text: `${q.name} 您好：\n\n我們已收到您的訊息，客服會盡快以電子郵件回覆您。\n\n您的訊息：\n${q.message}\n\n— ${brand}`,
    }),
    reply: (brand: string, q: Asked, body: string, staff: string) => ({
      subject: `Re: 【${brand}】${q.subject}`,
      text: `${q.name} 您好：\n\n${body}\n\n— ${brand} 客服 ${staff}\n\n----- 您的原始訊息 -----\n${q.message}`,
    }),
  },
  en: {
    receipt: (brand: string, q: Asked) => ({
      subject: `[${brand}] We have your message: ${q.subject}`,
      text: `Hello ${q.name},\n\nWe have received your message; customer service will reply by e-mail as soon as possible.\n\nYour message:\n${q.message}\n\n— ${brand}`,
    }),
    reply: (brand: string, q: Asked, body: string, staff: string) => ({
      subject: `Re: [${brand}] ${q.subject}`,
      text: `Hello ${q.name},\n\n${body}\n\n— ${staff}, ${brand} customer service\n\n----- Your message -----\n${q.message}`,
    }),
  },
} as const;

export const inquiryWords = (lang: Lang) => WORDS[lang === "en" ? "en" : "zh-TW"];
