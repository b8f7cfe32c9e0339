import type { inquiryInput } from "@shop/contract";
import { MAIN_SHOP_ID } from "@shop/contract";
import { and, count, eq, gt } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "../../db/client.js";
import { inquiries } from "../../db/schema/index.js";
import type { MailSender } from "../../integrations/mail/index.js";
import { tooManyRequests } from "../../lib/errors.js";
import type { ShopsService } from "../shops/service.js";

const INQUIRIES_PER_IP_PER_HOUR = 5;

const KIND_LABEL = { contact: "聯絡我們", stranger: "訪客詢問" } as const;

/** Contact-us and stranger inquiries: stored, then mailed to the shop. */
export function createSupportService(deps: { db: Db; mail: MailSender; shops: ShopsService; inbox: string; now?: () => Date }) {
  const { db, mail } = deps;
  const now = deps.now ?? (() => new Date());

  return {
    async submit(input: z.output<typeof inquiryInput>, ip: string) {
      const [recent] = await db
        .select({ n: count() })
        .from(inquiries)
        .where(and(eq(inquiries.ip, ip), gt(inquiries.createdAt, new Date(now().getTime() - 3600_000))));
      if ((recent?.n ?? 0) >= INQUIRIES_PER_IP_PER_HOUR) throw tooManyRequests("送出次數過多，請稍後再試或來電洽詢", 3600);
      const shopId = input.shop_id && (await deps.shops.isOpen(input.shop_id)) ? input.shop_id : MAIN_SHOP_ID;
      const [row] = await db
        .insert(inquiries)
        .values({ ...input, shopId, ip, createdAt: now() })
        .returning({ id: inquiries.id });
      await mail.send({
        to: deps.inbox,
        replyTo: input.email,
        subject: `【${KIND_LABEL[input.kind]}】${input.subject}`,
        text: `姓名：${input.name}\n電話：${input.phone}\nEmail：${input.email}\n商城：${shopId}\n\n${input.message}`,
      });
      return { id: row?.id ?? 0 };
    },
  };
}

export type SupportService = ReturnType<typeof createSupportService>;
