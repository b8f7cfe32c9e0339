import type { Tx } from "../../db/client.js";
import {
  type DepotContext,
  type DepotDeps,
  deposit,
  depotLog,
  depotStock,
  listTakeouts,
  moveToShop,
  requestTakeout,
  takeBack,
} from "./ledger.js";

// Pick-up fulfilment names the takeout view from the depot module's service.
export { view } from "./ledger.js";

/**
 * The cloud depot: goods held for a member as a ledger per variant, and pick-ups
 * shipped by HCT, the fee paid from the wallet below the free threshold (decided). Each method is
 * a function of ledger.ts taking `deps`.
 */
export function createDepotService(deps: DepotDeps) {
  const ctx: DepotContext = { ...deps, now: deps.now ?? (() => new Date()) };
  return {
    deposit,
    stock: (memberId: number) => depotStock(ctx, memberId),
    log: (memberId: number) => depotLog(ctx, memberId),
    takeout: (memberId: number, items: Array<{ variant_id: number; qty: number }>, addressId: number) =>
      requestTakeout(ctx, memberId, items, addressId),
    moveToShop: (memberId: number, shopId: number, items: Array<{ variant_id: number; qty: number }>) =>
      moveToShop(ctx, memberId, shopId, items),
    takeBack: (tx: Tx, memberId: number, items: Array<{ variantId: number; qty: number; name: string }>, ref: string) =>
      takeBack(ctx, tx, memberId, items, ref),
    takeouts: (memberId: number) => listTakeouts(ctx, memberId),
  };
}

export type DepotService = ReturnType<typeof createDepotService>;
