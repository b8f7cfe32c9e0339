import { formatDateTime } from "@shop/contract/format";
import type { Db } from "../../db/client.js";
import type { MembersService } from "../../modules/members/service.js";
import type { NotificationsService } from "../../modules/notifications/service.js";

const PROVIDER_NAMES: Record<string, string> = { line: "LINE", google: "Google", facebook: "Facebook" };

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
  const tell = (memberId: number, phone: string | undefined, key: string, title: string, body: string) =>
    d.db.transaction(async (tx) => {
      await d.notifications.notify(tx, memberId, { kind: "system", title, body, key });
      if (phone)
        await d.notifications.tell(
          tx,
          `${key}:sms`,
          { memberId, phone },
          { subject: title, text: body, sms: `【${d.brandName}】${body}` },
          ["sms"],
        );
    });
  return {
    /** Failed sign-ins locked the account. */
    locked: (member: { id: number; phone: string }, until: Date) =>
      tell(
        member.id,
        member.phone,
        `sign-in-lock:${member.id}:${until.toISOString()}`,
        "帳號已暫時鎖定",
        `您的帳號因登入失敗次數過多，已暫時鎖定至 ${formatDateTime(until)}。若不是您本人操作，請以「忘記密碼」重設密碼。`,
      ),
    /** A sign-in provider was bound: a new way in that outlives a password reset. */
    async bound(memberId: number, provider: string) {
      const name = PROVIDER_NAMES[provider] ?? provider;
      await tell(
        memberId,
        (await d.members.byId(memberId))?.phone,
        `bind:${memberId}:${provider}:${Date.now()}`,
        `已綁定 ${name} 登入`,
        `您的帳號已綁定 ${name} 登入。若不是您本人操作，請立即至「帳號綁定」解除，並以「忘記密碼」重設密碼。`,
      );
    },
    /** Staff changed the member's phone: the old number is told, with the new one half hidden. */
    phoneChanged: (memberId: number, oldPhone: string, newPhone: string) =>
      tell(
        memberId,
        oldPhone,
        `phone-changed:${memberId}:${Date.now()}`,
        "登入手機已變更",
        `您的會員帳號登入手機已由客服變更為 ${newPhone.slice(0, 4)}***${newPhone.slice(-3)}，原有登入皆已登出。若不是您本人要求，請立即聯繫客服。`,
      ),
  };
}
