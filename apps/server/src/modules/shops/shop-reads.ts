import type { ShopInfo } from "@shop/contract";
import { MAIN_SHOP_ID } from "@shop/contract";
import { asc, eq } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.js";
import { shops } from "../../db/schema/index.js";
import { notFound } from "../../lib/errors.js";
import { domain, type ShopsDeps } from "./settings.js";

export type Shop = typeof shops.$inferSelect;

export interface RecheckResult {
  ok: boolean;
  shopId: number;
}

/** The commission a shop's seller earns on an order's goods amount (⌊amount × rate⌋, per order). */
export const commissionOnGoods = (shop: Pick<Shop, "commissionBp">, goodsAmount: number) =>
  Math.floor((goodsAmount * shop.commissionBp) / 10_000);

export async function shopById(deps: ShopsDeps, id: number): Promise<Shop | undefined> {
  return (await deps.db.select().from(shops).where(eq(shops.id, id)))[0];
}

/**
 * The shop commission an order earns its seller (a percentage of the goods
 * amount, set per shop), or null for the main mall or a shop without an owner or a rate.
 */
export async function commissionOf(
  q: Db | Tx,
  shopId: number,
  goodsAmount: number,
): Promise<{ sellerId: number; amount: number } | null> {
  if (shopId === MAIN_SHOP_ID) return null;
  const [shop] = await q.select().from(shops).where(eq(shops.id, shopId));
  if (!shop?.ownerMemberId || shop.commissionBp <= 0) return null;
  const amount = commissionOnGoods(shop, goodsAmount);
  return amount > 0 ? { sellerId: shop.ownerMemberId, amount } : null;
}

/** Every open shop, the main mall first (sitemaps). */
export function openShops(deps: ShopsDeps): Promise<Array<{ id: number; createdAt: Date }>> {
  return deps.db
    .select({ id: shops.id, createdAt: shops.createdAt })
    .from(shops)
    .where(eq(shops.status, "open"))
    .orderBy(asc(shops.id));
}

export async function isOpen(deps: ShopsDeps, id: number) {
  return (await shopById(deps, id))?.status === "open";
}

export async function ownedBy(deps: ShopsDeps, memberId: number): Promise<Shop | undefined> {
  return (await deps.db.select().from(shops).where(eq(shops.ownerMemberId, memberId)))[0];
}

export async function info(deps: ShopsDeps, id: number): Promise<ShopInfo | undefined> {
  const s = await shopById(deps, id);
  if (!s) return undefined;
  const own = await domain(deps, id);
  return { id: s.id, name: s.name, logo: s.logo, banner: s.banner, intro: s.intro, status: s.status, domain: own };
}

/** An open shop's public info; a missing or suspended shop is a 404. */
export async function openInfo(deps: ShopsDeps, id: number): Promise<ShopInfo> {
  const found = await info(deps, id);
  if (found?.status !== "open") throw notFound("SHOP_NOT_FOUND", "此商城不存在或已暫停營業");
  return found;
}

/**
 * A visitor may stay in a shop when it is open and they are anonymous
 * or bound to it; otherwise they belong to their bound shop (or the main mall).
 */
export async function recheck(deps: ShopsDeps, shopId: number, boundShopId: number | undefined): Promise<RecheckResult> {
  const shop = await shopById(deps, shopId);
  const open = shop?.status === "open";
  if (open && (boundShopId === undefined || boundShopId === shopId)) return { ok: true, shopId };
  if (boundShopId !== undefined && boundShopId !== shopId && (await isOpen(deps, boundShopId))) {
    return { ok: false, shopId: boundShopId };
  }
  return { ok: false, shopId: MAIN_SHOP_ID };
}

/** Main mall check: a member bound to another (open) shop is sent there. */
export async function recheckMain(deps: ShopsDeps, boundShopId: number | undefined): Promise<RecheckResult> {
  if (boundShopId === undefined || boundShopId === MAIN_SHOP_ID) return { ok: true, shopId: MAIN_SHOP_ID };
  if (await isOpen(deps, boundShopId)) return { ok: false, shopId: boundShopId };
  return { ok: true, shopId: MAIN_SHOP_ID };
}
