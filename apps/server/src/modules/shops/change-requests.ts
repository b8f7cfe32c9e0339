import { SHOP_CHANGE_STATUS_LABELS, type ShopChangeSet, type ShopDelivery } from "@shop/contract/seller-shop";
import { and, desc, eq, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.js";
import { shopChangeRequests, shops } from "../../db/schema/index.js";
import { conflict, notFound } from "../../lib/errors.js";

type Row = typeof shopChangeRequests.$inferSelect;
type Shop = typeof shops.$inferSelect;
/** What a save asks for, and what those fields are live as the seller asks (read under the lock). */
export interface ShopChangeDraft {
  changes: ShopChangeSet;
  before: ShopChangeSet;
}
/** The live value of each field a request changes (delivery read by its owner, logistics). */
async function liveOf(tx: Tx, shop: Shop, changes: ShopChangeSet, delivery: (tx: Tx) => Promise<ShopDelivery>) {
  return {
    ...(changes.name !== undefined ? { name: shop.name } : {}),
    ...(changes.banner !== undefined ? { banner: shop.banner } : {}),
    ...(changes.delivery ? { delivery: await delivery(tx) } : {}),
  } satisfies ShopChangeSet;
}
const sameSet = (a: ShopChangeSet, b: ShopChangeSet) => {
  const norm = (s: ShopChangeSet) =>
    JSON.stringify({ ...s, ...(s.delivery ? { delivery: { ...s.delivery, codes: [...s.delivery.codes].sort() } } : {}) });
  return norm(a) === norm(b);
};

const view = (r: Row, shopName: string) => ({
  id: r.id,
  shop_id: r.shopId,
  shop_name: shopName,
  status: r.status,
  status_label: SHOP_CHANGE_STATUS_LABELS[r.status],
  changes: r.changes,
  before: r.before,
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
    /**
     * A seller's save, in one transaction under the shop's lock: the intro applies at once, and
     * `draft` (given the locked shop) works out what differs from what is live. That becomes the
     * shop's pending request — kept as it is when unchanged, withdrawn when the seller puts
     * everything back as it is live. Returns whether a request is pending.
     */
    seller(shopId: number, memberId: number, intro: string, draft: (tx: Tx, shop: Shop) => Promise<ShopChangeDraft>) {
      return db.transaction(async (tx) => {
        const shop = await lockShop(tx, shopId);
        const { changes, before } = await draft(tx, shop);
        await tx.update(shops).set({ intro }).where(eq(shops.id, shopId));
        const [pending] = await tx
          .select()
          .from(shopChangeRequests)
          .where(and(eq(shopChangeRequests.shopId, shopId), eq(shopChangeRequests.status, "pending")));
        if (pending && sameSet(pending.changes, changes)) return true;
        await withdraw(tx, shopId, memberId);
        if (Object.keys(changes).length === 0) return false;
        await tx.insert(shopChangeRequests).values({ shopId, memberId, changes, before });
        return true;
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
        delivery(tx: Tx, shopId: number, shopName: string): Promise<ShopDelivery>;
        applyDelivery(tx: Tx, shopId: number, shopName: string, delivery: ShopDelivery): Promise<void>;
        audit(tx: Tx, before: ShopChangeAudit, after: ShopChangeAudit, sellerId: number): Promise<unknown>;
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
        const liveDelivery = (t: Tx) => effects.delivery(t, shop.id, shop.name);
        const live = await liveOf(tx, shop, changes, liveDelivery);
        let name = shop.name;
        if (decision.approve) {
          // Staff approve the change from what the seller saw; if staff changed it since, the seller asks again.
          if (!sameSet(live, request.before))
            throw conflict("SHOP_CHANGED_SINCE_REQUEST", "商城設定在申請後已被變更，請退回此申請，由賣家重新送出");
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
        const liveAfter = decision.approve
          ? await liveOf(tx, { ...shop, name, banner: changes.banner ?? shop.banner }, changes, liveDelivery)
          : live;
        await effects.audit(
          tx,
          { request: view(request, shop.name), shop: live },
          { request: result, shop: liveAfter },
          request.memberId,
        );
        return result;
      });
    },
  };
}
/** An audit entry's side of a decision: the request, and the shop's fields it touches. */
export interface ShopChangeAudit {
  request: ShopChangeRequest;
  shop: ShopChangeSet;
}
