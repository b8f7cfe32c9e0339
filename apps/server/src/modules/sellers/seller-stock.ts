import type { SellerStockLogView, SellerStockView } from "@shop/contract";
import { SELLER_STOCK_REASON_LABELS } from "@shop/contract";
import { type SellersContext, shopOf } from "./seller-orders.js";

async function names(deps: SellersContext, variantIds: number[]) {
  return new Map((await deps.catalogue.variantsForCart([...new Set(variantIds)], 1)).map((v) => [v.id, v]));
}

export async function sellerStock(deps: SellersContext, memberId: number): Promise<SellerStockView[]> {
  const shop = await shopOf(deps, memberId);
  const held = await deps.inventory.shopStock(shop.id);
  const info = await names(
    deps,
    held.map((h) => h.variantId),
  );
  return held.map((h) => {
    const v = info.get(h.variantId);
    return {
      variant_id: h.variantId,
      product_id: v?.productId ?? 0,
      name: v?.name ?? "",
      variant_name: v?.variantName ?? "",
      image: v?.image ?? "",
      qty: h.qty,
    };
  });
}

export async function sellerStockLog(deps: SellersContext, memberId: number): Promise<SellerStockLogView[]> {
  const shop = await shopOf(deps, memberId);
  const rows = await deps.inventory.shopStockLog(shop.id);
  const info = await names(
    deps,
    rows.map((r) => r.variantId),
  );
  return rows.map((r) => {
    const v = info.get(r.variantId);
    const orderNo = /^order:(\d{14})/.exec(r.ref)?.[1];
    return {
      id: r.id,
      variant_id: r.variantId,
      name: v ? `${v.name}（${v.variantName}）` : "",
      delta: r.delta,
      reason: r.reason,
      reason_label: SELLER_STOCK_REASON_LABELS[r.reason],
      note: r.note || (orderNo ? `訂單 ${orderNo}` : ""),
      created_at: r.createdAt.toISOString(),
    };
  });
}

export async function moveFromDepot(deps: SellersContext, memberId: number, items: Array<{ variant_id: number; qty: number }>) {
  const shop = await shopOf(deps, memberId);
  await deps.depot.moveToShop(memberId, shop.id, items);
}
