import { and, count, desc, eq } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.js";
import { depotTakeouts } from "../../db/schema/index.js";
import { conflict, notFound } from "../../lib/errors.js";
import type { NotificationsService } from "../notifications/service.js";
import { view } from "./service.js";

type Takeout = typeof depotTakeouts.$inferSelect;
type Status = Takeout["status"];
/** The audit entry of a staff change, written in its transaction. */
type Audit = (
  tx: Tx,
  change: { action: string; entity: string; entityId: number; before?: unknown; after?: unknown },
) => Promise<void>;

/**
 * The back office's side of cloud-depot pick-ups (提貨): the queue of requests, shipping them by
 * HCT with a tracking number, and marking them delivered. Each step locks the request's row, so
 * two staff acting on one request cannot both ship it; the member hears of each step (decision 35).
 */
export function createTakeoutFulfilment(deps: { db: Db; notifications: NotificationsService; now?: () => Date }) {
  const { db, notifications } = deps;
  const now = deps.now ?? (() => new Date());

  async function step(id: number, from: Status, to: Status, audit: Audit, extra: Partial<Takeout> = {}) {
    const row = await db.transaction(async (tx) => {
      const [t] = await tx.select().from(depotTakeouts).where(eq(depotTakeouts.id, id)).for("update");
      if (!t) throw notFound("TAKEOUT_NOT_FOUND", "找不到此提貨申請");
      if (t.status !== from)
        throw conflict("TAKEOUT_STATE_CHANGED", to === "shipped" ? "此提貨申請已出貨" : "此提貨申請尚未出貨或已送達");
      const [moved] = await tx
        .update(depotTakeouts)
        .set({ ...extra, status: to })
        .where(and(eq(depotTakeouts.id, id), eq(depotTakeouts.status, from)))
        .returning();
      if (!moved) throw conflict("TAKEOUT_STATE_CHANGED", "提貨申請狀態已變更，請重新整理");
      await audit(tx, {
        action: `takeout.${to === "shipped" ? "ship" : "deliver"}`,
        entity: "takeout",
        entityId: id,
        before: { status: t.status, tracking_no: t.trackingNo },
        after: { status: moved.status, tracking_no: moved.trackingNo },
      });
      const items = t.items.map((i) => `${i.name} × ${i.qty}`);
      await notifications.notify(tx, t.memberId, {
        kind: "order",
        title: `提貨 #${id} ${to === "shipped" ? "已出貨" : "已送達"}`,
        body: to === "shipped" ? `物流單號：${moved.trackingNo}` : items.join("、"),
        // The items' names are as they were written at the takeout (zh-TW catalogue names).
        en: {
          title: `Takeout #${id} ${to === "shipped" ? "has shipped" : "has been delivered"}`,
          body: to === "shipped" ? `Tracking number: ${moved.trackingNo}` : items.join(", "),
        },
        link: "/member/i_depot",
        key: `takeout:${id}:${to}`,
      });
      return moved;
    });
    return { ...view(row), member_id: row.memberId };
  }

  return {
    async queue(status: Status | undefined, page: number, perPage: number) {
      const where = status ? eq(depotTakeouts.status, status) : undefined;
      const [[total], rows] = await Promise.all([
        db.select({ n: count() }).from(depotTakeouts).where(where),
        db
          .select()
          .from(depotTakeouts)
          .where(where)
          .orderBy(desc(depotTakeouts.id))
          .limit(perPage)
          .offset((page - 1) * perPage),
      ]);
      return { total: total?.n ?? 0, items: rows.map((r) => ({ ...view(r), member_id: r.memberId })) };
    },
    ship: (id: number, trackingNo: string, audit: Audit) =>
      step(id, "requested", "shipped", audit, { trackingNo, shippedAt: now() }),
    deliver: (id: number, audit: Audit) => step(id, "shipped", "delivered", audit, { deliveredAt: now() }),
    /** What a carrier label needs: the request's state, who receives it, where, and what is in the box. */
    async parcel(id: number) {
      const [t] = await db.select().from(depotTakeouts).where(eq(depotTakeouts.id, id));
      if (!t) throw notFound("TAKEOUT_NOT_FOUND", "找不到此提貨申請");
      const { name, phone, ...address } = t.address;
      return {
        status: t.status,
        trackingNo: t.trackingNo,
        receiverName: name,
        receiverPhone: phone,
        address,
        goods: t.items.map((i) => `${i.name} × ${i.qty}`).join("、"),
      };
    },
    /** Requests waiting to ship (the dashboard's 今日待辦). */
    async waiting() {
      const [row] = await db.select({ n: count() }).from(depotTakeouts).where(eq(depotTakeouts.status, "requested"));
      return row?.n ?? 0;
    },
  };
}

export type TakeoutFulfilment = ReturnType<typeof createTakeoutFulfilment>;
