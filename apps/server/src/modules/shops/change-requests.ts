import { SHOP_CHANGE_STATUS_LABELS, type ShopChangeSet, type ShopDelivery } from "@shop/contract/seller-shop";
import { and, desc, eq, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.js";
import { shopChangeRequests, shops } from "../../db/schema/index.js";
import { conflict, notFound } from "../../lib/errors.js";

type Row = typeof shopChangeRequests.$inferSelect;

const view = (r: Row, shopName: string) => ({
  id: r.id,
  shop_id: r.shopId,
  shop_name: shopName,
  status: r.status,
  status_label: SHOP_CHANGE_STATUS_LABELS[r.status],
  changes: r.changes,
  reason: r.reason,
  created_at: r.createdAt.toISOString(),
  decided_at: r.decidedAt?.toISOString() ?? null,
});
export type ShopChangeRequest = ReturnType<typeof view>;

/**
 * Sellers' requests to change their shop's name, banner or delivery options (decision 46). Each
 * change locks the shop row first, so a seller's new request, a staff decision and another
 * staff decision on the same shop run one after another; a decision only ever moves a pending
 * request, so two staff pressing 核准 and 不核准 at once leave exactly one outcome.
 */
export function createShopChangeRequests(db: Db) {
  const lockShop = async (tx: Tx, shopId: number) => {
    const [shop] = await tx.select().from(shops).where(eq(shops.id, shopId)).for("update");
    if (!shop) throw notFound("SHOP_NOT_FOUND", "找不到此商城");
    return shop;
  };

  const withdraw = (tx: Tx, shopId: number, memberId: number) =>
    tx
      .update(shopChangeRequests)
      .set({ status: "withdrawn", decidedAt: new Date(), decidedBy: `seller:${memberId}` })
      .where(and(eq(shopChangeRequests.shopId, shopId), eq(shopChangeRequests.status, "pending")));

  return {
    /** Files a request inside the caller's transaction, withdrawing the shop's pending one. */
    async submit(tx: Tx, shopId: number, memberId: number, changes: ShopChangeSet) {
      await lockShop(tx, shopId);
      await withdraw(tx, shopId, memberId);
      const [row] = await tx.insert(shopChangeRequests).values({ shopId, memberId, changes }).returning();
      return row as Row;
    },

    /**
     * A seller's save, in one transaction under the shop's lock: the intro applies at once; the
     * rest becomes the shop's pending request (kept as it is when unchanged, withdrawn when the
     * seller puts everything back as it is live). Returns whether a request is pending.
     */
    seller(shopId: number, memberId: number, intro: string, changes: ShopChangeSet) {
      return db.transaction(async (tx) => {
        await lockShop(tx, shopId);
        await tx.update(shops).set({ intro }).where(eq(shops.id, shopId));
        const [pending] = await tx
          .select()
          .from(shopChangeRequests)
          .where(and(eq(shopChangeRequests.shopId, shopId), eq(shopChangeRequests.status, "pending")));
        if (pending && JSON.stringify(pending.changes) === JSON.stringify(changes)) return true;
        if (Object.keys(changes).length > 0) {
          await this.submit(tx, shopId, memberId, changes);
          return true;
        }
        if (pending) await withdraw(tx, shopId, memberId);
        return false;
      });
    },

    /** The shop's latest request (any state), for the seller's settings page. */
    async latest(shopId: number, shopName: string): Promise<ShopChangeRequest | null> {
      const [row] = await db
        .select()
        .from(shopChangeRequests)
        .where(eq(shopChangeRequests.shopId, shopId))
        .orderBy(desc(shopChangeRequests.id))
        .limit(1);
      return row ? view(row, shopName) : null;
    },

    /** Back office: requests, pending first, newest first. */
    async list(status: Row["status"] | undefined, page: number, perPage: number) {
      const where = status ? eq(shopChangeRequests.status, status) : undefined;
      const [rows, [count]] = await Promise.all([
        db
          .select({ r: shopChangeRequests, name: shops.name })
          .from(shopChangeRequests)
          .innerJoin(shops, eq(shops.id, shopChangeRequests.shopId))
          .where(where)
          .orderBy(sql`${shopChangeRequests.status} = 'pending' desc`, desc(shopChangeRequests.id))
          .limit(perPage)
          .offset((page - 1) * perPage),
        db.select({ n: sql<number>`count(*)::int` }).from(shopChangeRequests).where(where),
      ]);
      return { list: rows.map(({ r, name }) => view(r, name)), total: count?.n ?? 0 };
    },

    async get(id: number): Promise<ShopChangeRequest> {
      const [row] = await db
        .select({ r: shopChangeRequests, name: shops.name })
        .from(shopChangeRequests)
        .innerJoin(shops, eq(shops.id, shopChangeRequests.shopId))
        .where(eq(shopChangeRequests.id, id));
      if (!row) throw notFound("CHANGE_REQUEST_NOT_FOUND", "找不到此變更申請");
      return view(row.r, row.name);
    },

    /**
     * Staff approve (the changes are applied: name and banner here, delivery options through
     * `applyDelivery` in the same transaction) or reject with a reason; `audit` records it (and
     * tells the seller) in the same transaction.
     */
    async decide(
      id: number,
      decision: { approve: boolean; reason: string; actor: string },
      effects: {
        applyDelivery(tx: Tx, shopId: number, shopName: string, delivery: ShopDelivery): Promise<void>;
        audit(tx: Tx, before: ShopChangeRequest, after: ShopChangeRequest, sellerId: number): Promise<unknown>;
      },
    ) {
      return db.transaction(async (tx) => {
        const [found] = await tx.select().from(shopChangeRequests).where(eq(shopChangeRequests.id, id));
        if (!found) throw notFound("CHANGE_REQUEST_NOT_FOUND", "找不到此變更申請");
        const shop = await lockShop(tx, found.shopId);
        // Read again under the shop lock: a rival decision or a newer request may have moved it.
        const [request] = await tx.select().from(shopChangeRequests).where(eq(shopChangeRequests.id, id));
        if (request?.status !== "pending") throw conflict("CHANGE_REQUEST_DECIDED", "此申請已處理或已被新申請取代，請重新整理");
        const { changes } = request;
        let name = shop.name;
        if (decision.approve) {
          name = changes.name ?? shop.name;
          await tx
            .update(shops)
            .set({ name, ...(changes.banner !== undefined ? { banner: changes.banner } : {}) })
            .where(eq(shops.id, shop.id));
          if (changes.delivery) await effects.applyDelivery(tx, shop.id, name, changes.delivery);
        }
        const [after] = await tx
          .update(shopChangeRequests)
          .set({
            status: decision.approve ? "approved" : "rejected",
            reason: decision.reason,
            decidedAt: new Date(),
            decidedBy: decision.actor,
          })
          .where(eq(shopChangeRequests.id, id))
          .returning();
        const result = view(after as Row, name);
        await effects.audit(tx, view(request, shop.name), result, request.memberId);
        return result;
      });
    },
  };
}
