import { formatDateTime } from "@shop/contract/format";
import type { Db } from "../../db/client.js";
import type { NotificationsService } from "../../modules/notifications/service.js";

/**
 * Tells a member their account was locked by failed sign-ins (decision 77): a site notice (and
 * LINE and e-mail as they chose) and an SMS, through the outbox, so someone guessing is noticed
 * by the owner of the phone even when they never look at the site.
 */
export function createLockNotice(d: { db: Db; notifications: Pick<NotificationsService, "notify" | "tell">; brandName: string }) {
  return (member: { id: number; phone: string }, until: Date) =>
    d.db.transaction(async (tx) => {
      const body = `您的帳號因登入失敗次數過多，已暫時鎖定至 ${formatDateTime(until)}。若不是您本人操作，請以「忘記密碼」重設密碼。`;
      const key = `sign-in-lock:${member.id}:${until.toISOString()}`;
      await d.notifications.notify(tx, member.id, { kind: "system", title: "帳號已暫時鎖定", body, key });
      const message = { subject: "帳號已暫時鎖定", text: body, sms: `【${d.brandName}】${body}` };
      await d.notifications.tell(tx, `${key}:sms`, { memberId: member.id, phone: member.phone }, message, ["sms"]);
    });
}
