import { shopPagePath } from "@shop/contract/links";
import type { Db } from "../../db/client.js";
import type { CartService } from "../../modules/cart/service.js";
import type { JobsService } from "../../modules/jobs/service.js";
import type { MembersService } from "../../modules/members/service.js";
import type { NotificationsService } from "../../modules/notifications/service.js";
import type { MessageTemplates } from "../../modules/notifications/templates.js";

/** Carts looked at per run (every 15 minutes); the rest wait for the next. */
const PER_RUN = 100;
export const CART_REMINDER_JOB = "cart.reminders";

/**
 * Abandoned-cart reminders (decision 97), across the cart (which carts sat idle, and which were
 * reminded of), members (their name) and notifications (LINE / e-mail as the member chose, and
 * whether they want these at all). One message per cart state: the claim and the message are
 * written in one transaction.
 */
export function createCartRemindersFlow(d: {
  db: Db;
  cart: Pick<CartService, "reminders">;
  members: Pick<MembersService, "addressee">;
  notifications: Pick<NotificationsService, "send" | "wantsCartReminders">;
  templates: Pick<MessageTemplates, "render">;
  siteUrl: (path: string) => string;
  brandName: string;
  /** CART_REMINDER_HOURS; 0: off. */
  idleHours: number;
  now: () => Date;
}) {
  return {
    async sendDue(): Promise<number> {
      if (d.idleHours <= 0) return 0;
      const idleSince = new Date(d.now().getTime() - d.idleHours * 3_600_000);
      const due = await d.cart.reminders.due(idleSince, PER_RUN);
      let sent = 0;
      for (const c of due) {
        // In the language the member last signed in on (decision 109).
        const { name, lang } = await d.members.addressee(c.memberId);
        const done = await d.db.transaction(async (tx) => {
          // Claimed even when the member said no: this cart state is settled either way.
          if (!(await d.cart.reminders.claim(tx, c, d.now()))) return false;
          if (!(await d.notifications.wantsCartReminders(c.memberId, tx))) return false;
          const size = await d.cart.reminders.size(tx, c.cartId);
          if (size.lines === 0) return false;
          const link = d.siteUrl(shopPagePath(c.shopId, lang, "/select_cart"));
          const details = (
            lang === "en"
              ? [
                  `Your cart still holds ${size.lines} item${size.lines === 1 ? "" : "s"} (${size.units} piece${size.units === 1 ? "" : "s"} in total), and stock is limited.`,
                  `Back to your cart: ${link}`,
                  "No more cart reminders? Turn them off under Notifications in your member centre.",
                ]
              : [
                  `您的購物車裡還有 ${size.lines} 項商品（共 ${size.units} 件），庫存有限，別錯過了。`,
                  `回到購物車：${link}`,
                  "不想再收到購物車提醒？可至會員中心「通知」關閉。",
                ]
          ).join("\n\n");
          const m = await d.templates.render(tx, "cart_reminder", lang, { member: name, brand: d.brandName, details });
          await d.notifications.send(tx, `cart_reminder:${c.cartId}:${c.changedAt.getTime()}`, c.memberId, {
            subject: `【${d.brandName}】${m.title}`,
            text: `${m.body}\n\n— ${d.brandName}`,
          });
          return true;
        });
        if (done) sent++;
      }
      return sent;
    },
  };
}

export type CartRemindersFlow = ReturnType<typeof createCartRemindersFlow>;

export function registerCartReminderJobs(jobs: Pick<JobsService, "register">, flow: Pick<CartRemindersFlow, "sendDue">) {
  jobs.register(CART_REMINDER_JOB, () => flow.sendDue());
}
