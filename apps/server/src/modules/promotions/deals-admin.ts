import type { addonDealInput, giftRuleInput } from "@shop/contract/admin";
import { desc, eq, type SQL } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "../../db/client.js";
import { addonDeals, giftRules } from "../../db/schema/index.js";
import { adminTable } from "../../lib/admin-table.js";

type AddonInput = z.infer<typeof addonDealInput>;
type GiftInput = z.infer<typeof giftRuleInput>;
/** Variant id → its name as staff read it (the catalogue answers; absent: it no longer exists). */
export type VariantNames = (ids: number[]) => Promise<Map<number, string>>;

/**
 * 加價購 deals and 滿額贈 rules as staff edit them (decision 93); the caller checks the variants
 * and products exist. "Turn off" is `active: false` (the row and the orders naming it stay).
 */
export function createDealsAdmin(db: Db, names: VariantNames) {
  const addOns = adminTable(db, {
    table: addonDeals,
    missing: "找不到此加價購活動",
    view: (d: typeof addonDeals.$inferSelect) => ({
      id: d.id,
      shop_id: d.shopId,
      title: d.title,
      variant_id: d.variantId,
      variant_name: "",
      price: d.price,
      per_order_cap: d.perOrderCap,
      trigger_product_ids: d.triggerProductIds,
      trigger_amount: d.triggerAmount,
      active: d.active,
      starts_at: d.startsAt.toISOString(),
      ends_at: d.endsAt.toISOString(),
    }),
    columns: (d: AddonInput) => ({
      shopId: d.shop_id,
      title: d.title,
      variantId: d.variant_id,
      price: d.price,
      perOrderCap: d.per_order_cap,
      triggerProductIds: [...new Set(d.trigger_product_ids)],
      triggerAmount: d.trigger_amount,
      active: d.active,
      startsAt: new Date(d.starts_at),
      endsAt: new Date(d.ends_at),
    }),
    orderBy: [desc(addonDeals.startsAt), desc(addonDeals.id)] as SQL[],
  });
  const gifts = adminTable(db, {
    table: giftRules,
    missing: "找不到此滿額贈活動",
    view: (g: typeof giftRules.$inferSelect) => {
      return {
        id: g.id,
        shop_id: g.shopId,
        title: g.title,
        threshold: g.threshold,
        variant_ids: g.variantIds,
        variants: g.variantIds.map((id) => ({ id, name: "" })),
        qty: g.qty,
        active: g.active,
        starts_at: g.startsAt.toISOString(),
        ends_at: g.endsAt.toISOString(),
      };
    },
    columns: (g: GiftInput) => ({
      shopId: g.shop_id,
      title: g.title,
      threshold: g.threshold,
      variantIds: g.variant_ids,
      qty: g.qty,
      active: g.active,
      startsAt: new Date(g.starts_at),
      endsAt: new Date(g.ends_at),
    }),
    orderBy: [desc(giftRules.startsAt), desc(giftRules.id)] as SQL[],
  });
  const shopIs = <C>(col: C, shopId: number | undefined) => (shopId ? eq(col as never, shopId) : undefined);
  // Names are read after the write's transaction (the catalogue reads on its own connection).
  type AddOnView = Awaited<ReturnType<typeof addOns.get>>;
  type GiftView = Awaited<ReturnType<typeof gifts.get>>;
  const namedAddOn = async (v: AddOnView) => ({ ...v, variant_name: (await names([v.variant_id])).get(v.variant_id) ?? "" });
  const namedGift = async (v: GiftView) => {
    const known = await names(v.variant_ids);
    return { ...v, variants: v.variant_ids.map((id) => ({ id, name: known.get(id) ?? "" })) };
  };
  const page = async <V, W>(p: Promise<{ total: number; items: V[] }>, f: (v: V) => Promise<W>) => {
    const r = await p;
    return { total: r.total, items: await Promise.all(r.items.map(f)) };
  };
  return {
    addOns: {
      list: (shopId: number | undefined, pg: number, perPage: number) =>
        page(addOns.list(shopIs(addonDeals.shopId, shopId), pg, perPage), namedAddOn),
      get: async (id: number) => namedAddOn(await addOns.get(id)),
      create: async (input: AddonInput, audit: Parameters<typeof addOns.create>[1]) =>
        namedAddOn(await addOns.create(input, audit)),
      update: async (id: number, input: AddonInput, audit: Parameters<typeof addOns.update>[2]) =>
        namedAddOn(await addOns.update(id, input, audit)),
    },
    gifts: {
      list: (shopId: number | undefined, pg: number, perPage: number) =>
        page(gifts.list(shopIs(giftRules.shopId, shopId), pg, perPage), namedGift),
      get: async (id: number) => namedGift(await gifts.get(id)),
      create: async (input: GiftInput, audit: Parameters<typeof gifts.create>[1]) => namedGift(await gifts.create(input, audit)),
      update: async (id: number, input: GiftInput, audit: Parameters<typeof gifts.update>[2]) =>
        namedGift(await gifts.update(id, input, audit)),
    },
  };
}
export type DealsAdmin = ReturnType<typeof createDealsAdmin>;
