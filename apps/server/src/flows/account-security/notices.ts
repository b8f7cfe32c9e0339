import { formatDateTime } from "@shop/contract/format";
import type { Db } from "../../db/client.js";
import type { MembersService } from "../../modules/members/service.js";
import type { NotificationsService } from "../../modules/notifications/service.js";

const PROVIDER_NAMES: Record<string, string> = { line: "LINE", google: "Google", facebook: "Facebook" };

interface Words {
  sms(brand: string, body: string): string;
  lockedTitle: string;
  locked(until: string): string;
  boundTitle(provider: string): string;
  bound(provider: string): string;
  phoneTitle: string;
  phone(masked: string): string;
}

const WORDS: Record<"zh-TW" | "en", Words> = {
  "zh-TW": {
    sms: (brand, body) => `【${brand}】${body}`,
    lockedTitle: "帳號已暫時鎖定",
    locked: (until) => `您的帳號因登入失敗次數過多，已暫時鎖定至 ${until}。若不是您本人操作，請以「忘記密碼」重設密碼。`,
    boundTitle: (p) => `已綁定 ${p} 登入`,
    bound: (p) => `您的帳號已綁定 ${p} 登入。若不是您本人操作，請立即至「帳號綁定」解除，並以「忘記密碼」重設密碼。`,
    phoneTitle: "登入手機已變更",
    phone: (masked) => `您的會員帳號登入手機已由客服變更為 ${masked}，原有登入皆已登出。若不是您本人要求，請立即聯繫客服。`,
  },
  en: {
    sms: (brand, body) => `[${brand}] ${body}`,
    lockedTitle: "Your account is locked for now",
    locked: (until) =>
      `Too many failed sign-ins: your account is locked until ${until}. If this was not you, reset your password with "Forgot password".`,
    boundTitle: (p) => `${p} sign-in added`,
    bound: (p) =>
      `${p} sign-in has been added to your account. If this was not you, remove it under "Linked accounts" at once and reset your password with "Forgot password".`,
    phoneTitle: "Your sign-in phone number has changed",
    phone: (masked) =>
      `Customer service changed your account's sign-in phone number to ${masked}, and every session was signed out. If you did not ask for this, contact customer service at once.`,
  },
};

/**
 * What a member is told when someone may be in their account (decision 77): a site notice (and
 * LINE and e-mail as they chose) and an SMS, through the outbox, so the phone's owner hears of it
 * even when they never look at the site.
 */
export function createAccountNotices(d: {
  db: Db;
  notifications: Pick<NotificationsService, "notify" | "tell">;
  members: Pick<MembersService, "byId">;
  brandName: string;
}) {
  /** In the member's language (decision 109): the language of the storefront they last signed in on. */
  const wordsOf = (lang: string | undefined) => WORDS[lang === "en" ? "en" : "zh-TW"];
  const wordsFor = async (memberId: number) => wordsOf((await d.members.byId(memberId))?.lang);
  const tell = (memberId: number, phone: string | undefined, key: string, w: Words, title: string, body: string) =>
    d.db.transaction(async (tx) => {
      await d.notifications.notify(tx, memberId, { kind: "system", title, body, key });
      if (phone)
        await d.notifications.tell(
          tx,
          `${key}:sms`,
          { memberId, phone },
          { subject: title, text: body, sms: w.sms(d.brandName, body) },
          ["sms"],
        );
    });
  return {
    /** Failed sign-ins locked the account. */
    async locked(member: { id: number; phone: string }, until: Date) {
      const w = await wordsFor(member.id);
      const key = `sign-in-lock:${member.id}:${until.toISOString()}`;
      await tell(member.id, member.phone, key, w, w.lockedTitle, w.locked(formatDateTime(until)));
    },
    /** A sign-in provider was bound: a new way in that outlives a password reset. */
    async bound(memberId: number, provider: string) {
      const name = PROVIDER_NAMES[provider] ?? provider;
      const member = await d.members.byId(memberId);
      const w = wordsOf(member?.lang);
      await tell(memberId, member?.phone, `bind:${memberId}:${provider}:${Date.now()}`, w, w.boundTitle(name), w.bound(name));
    },
    /** Staff changed the member's phone: the old number is told, with the new one half hidden. */
    async phoneChanged(memberId: number, oldPhone: string, newPhone: string) {
      const w = await wordsFor(memberId);
      const masked = `${newPhone.slice(0, 4)}***${newPhone.slice(-3)}`;
      await tell(memberId, oldPhone, `phone-changed:${memberId}:${Date.now()}`, w, w.phoneTitle, w.phone(masked));
    },
  };
}
