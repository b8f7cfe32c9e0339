import type { promotionInput } from "@shop/contract/admin";
import { asc, desc, eq, type SQL } from "drizzle-orm";
import type { z } from "zod";
import type { Db, Tx } from "../../db/client.js";
import { promotionProducts, promotions } from "../../db/schema/index.js";
import { adminTable } from "../../lib/admin-table.js";
import { sanitizeRichText } from "../../lib/sanitize.js";
import { ruleText } from "./service.js";

type Input = z.infer<typeof promotionInput>;

/** Promotions as staff edit them; the caller checks the products exist. */
export function createPromotionsAdmin(db: Db) {
  const table = adminTable(db, {
    table: promotions,
    missing: "找不到此活動",
    view: async (p: typeof promotions.$inferSelect, q: Db | Tx) => ({
      id: p.id,
      shop_id: p.shopId,
      title: p.title,
      kind: p.kind,
      rule_text: ruleText(p),
      threshold: p.threshold,
      value: p.value,
      bundle_qty: p.bundleQty,
      bundle_price: p.bundlePrice,
      summary: p.summary,
      description: p.description,
      image: p.image,
      starts_at: p.startsAt.toISOString(),
      ends_at: p.endsAt.toISOString(),
      product_ids: (
        await q
          .select({ id: promotionProducts.productId })
          .from(promotionProducts)
          .where(eq(promotionProducts.promotionId, p.id))
          .orderBy(asc(promotionProducts.productId))
      ).map((r) => r.id),
    }),
    columns: (p: Input) => ({
      shopId: p.shop_id,
      title: p.title,
      kind: p.kind,
      threshold: p.threshold,
      value: p.kind === "bundle_price" ? 0 : p.value,
      bundleQty: p.kind === "bundle_price" ? p.bundle_qty : null,
      bundlePrice: p.kind === "bundle_price" ? p.bundle_price : null,
      summary: p.summary,
      description: sanitizeRichText(p.description),
      image: p.image,
      startsAt: new Date(p.starts_at),
      endsAt: new Date(p.ends_at),
    }),
    orderBy: [desc(promotions.startsAt), desc(promotions.id)] as SQL[],
    async afterWrite(tx, id, p) {
      await tx.delete(promotionProducts).where(eq(promotionProducts.promotionId, id));
      const ids = [...new Set(p.product_ids)];
      if (ids.length > 0) await tx.insert(promotionProducts).values(ids.map((productId) => ({ promotionId: id, productId })));
    },
    async beforeDelete(tx, row) {
      await tx.delete(promotionProducts).where(eq(promotionProducts.promotionId, row.id));
    },
  });
  return {
    list: (shopId: number | undefined, page: number, perPage: number) =>
      table.list(shopId ? eq(promotions.shopId, shopId) : undefined, page, perPage),
    get: table.get,
    create: table.create,
    update: table.update,
    remove: table.remove,
  };
}
export type PromotionsAdmin = ReturnType<typeof createPromotionsAdmin>;
