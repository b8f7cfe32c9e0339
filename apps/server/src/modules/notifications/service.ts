import type { NotificationView, Paged } from "@shop/contract";
import { and, count, desc, eq, inArray, isNull } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.js";
import { notifications } from "../../db/schema/index.js";

/** Notices to members. Written inside the caller's transaction, so a notice exists only if its cause does. */
export function createNotificationsService(db: Db, now: () => Date = () => new Date()) {
  return {
    async notify(
      tx: Tx,
      memberId: number,
      n: { kind: "order" | "system" | "prize"; title: string; body?: string; link?: string },
    ) {
      await tx
        .insert(notifications)
        .values({ memberId, kind: n.kind, title: n.title, body: n.body ?? "", link: n.link ?? "", createdAt: now() });
    },

    /** Unread counts per member-area tab (systemTabNotice): all notices, and order updates for 訂單紀錄. */
    async tabCounts(memberId: number): Promise<{ notice: number; buy_list: number }> {
      const unread = and(eq(notifications.memberId, memberId), isNull(notifications.readAt));
      const [[all], [orders]] = await Promise.all([
        db.select({ n: count() }).from(notifications).where(unread),
        db
          .select({ n: count() })
          .from(notifications)
          .where(and(unread, eq(notifications.kind, "order"))),
      ]);
      return { notice: all?.n ?? 0, buy_list: orders?.n ?? 0 };
    },

    /** Marks the member's own notices read (the given ones, or all). Others' ids are ignored. */
    async markRead(memberId: number, ids?: number[]) {
      await db
        .update(notifications)
        .set({ readAt: now() })
        .where(
          and(
            eq(notifications.memberId, memberId),
            isNull(notifications.readAt),
            ids ? inArray(notifications.id, ids) : undefined,
          ),
        );
    },

    async search(memberId: number, page: number, perPage: number): Promise<Paged<NotificationView> & { unread: number }> {
      const mine = eq(notifications.memberId, memberId);
      const [[total], [unread], rows] = await Promise.all([
        db.select({ n: count() }).from(notifications).where(mine),
        db
          .select({ n: count() })
          .from(notifications)
          .where(and(mine, isNull(notifications.readAt))),
        db
          .select()
          .from(notifications)
          .where(mine)
          .orderBy(desc(notifications.id))
          .limit(perPage)
          .offset((page - 1) * perPage),
      ]);
      return {
        list: rows.map((r) => ({
          id: r.id,
          kind: r.kind,
          title: r.title,
          body: r.body,
          link: r.link,
          read: r.readAt !== null,
          created_at: r.createdAt.toISOString(),
        })),
        total: total?.n ?? 0,
        unread: unread?.n ?? 0,
        page,
        per_page: perPage,
      };
    },
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;
